import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 s. */
const PERIOD_SECONDS = 30;
/** One step either side, for clocks a little off. */
const DRIFT_STEPS = 1;

const totpOf = (secretBase32: string, account = '', issuer = '') =>
  new TOTP({
    issuer,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

/** 160 random bits, as RFC 4226 recommends. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export const otpauthUrl = (secretBase32: string, account: string, issuer: string): string =>
  totpOf(secretBase32, account, issuer).toString();

/** The time step a code belongs to, within the drift allowed, or null for a wrong code. */
export function matchingStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}
