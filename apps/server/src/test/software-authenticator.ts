import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software: it speaks WebAuthn's data formats (attestation "none",
 * ES256 assertions) so API tests can enrol and sign in with passkeys made from options the server
 * gave. Browser tests use Chromium's virtual authenticator instead.
 */
export type SoftwarePasskey = {
  credentialId: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
};

type Options = { challenge: string; rp?: { id?: string }; rpId?: string; user?: { id: string } };

const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

/** User present (0x01) and verified (0x04); with attested credential data (0x40) when made. */
const FLAGS_GET = 0x05;
const FLAGS_CREATE = 0x45;

function counterBytes(counter: number) {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

const clientData = (type: string, challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

/** navigator.credentials.create(): answers registration options as @simplewebauthn/browser would. */
export function createPasskey(options: Options, origin: string) {
  const rpId = options.rp?.id ?? new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );
  const credentialId = randomBytes(16);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([FLAGS_CREATE]),
    counterBytes(0),
    Buffer.alloc(16), // AAGUID
    idLength,
    credentialId,
    Buffer.from(cose),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', new Uint8Array(authData)],
    ]) as never,
  );
  const passkey: SoftwarePasskey = { credentialId, privateKey, userHandle: options.user?.id ?? '', counter: 0 };
  const response = {
    id: b64url(credentialId),
    rawId: b64url(credentialId),
    type: 'public-key' as const,
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    },
  };
  return { passkey, response };
}

/** navigator.credentials.get(): an assertion for the options, signed by the passkey. */
export function assert(passkey: SoftwarePasskey, options: Options, origin: string, rpId = new URL(origin).hostname) {
  passkey.counter += 1;
  const authData = Buffer.concat([sha256(rpId), Buffer.from([FLAGS_GET]), counterBytes(passkey.counter)]);
  const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
  return {
    id: b64url(passkey.credentialId),
    rawId: b64url(passkey.credentialId),
    type: 'public-key' as const,
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: passkey.userHandle || undefined,
    },
  };
}
