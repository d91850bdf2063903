import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@community/shared';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten characters of base32 (50 bits), shown as two groups of five. */
function newCode(): string {
  const bytes = randomBytes(10);
  let code = '';
  for (const byte of bytes) code += ALPHABET[byte & 31];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

const digest = (salt: Buffer, normalized: string) => createHash('sha256').update(salt).update(normalized).digest();

/** Salted (32 random bits and more) SHA-256, as ASVS asks of lookup secrets under 112 bits. */
function hashCode(normalized: string): string {
  const salt = randomBytes(16);
  return `${salt.toString('base64url')}.${digest(salt, normalized).toString('base64url')}`;
}

/** `code` as the shared schema normalized it: lowercase, without the dash. */
export function codeMatches(storedHash: string, normalized: string): boolean {
  const [salt, hash] = storedHash.split('.');
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = digest(Buffer.from(salt, 'base64url'), normalized);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A new set: the codes to show once, and the hashes to keep. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  return { codes, hashes: codes.map((code) => hashCode(code.replace('-', ''))) };
}
