import { z } from 'zod';
import { messages } from '../messages.js';
import { loginBodySchema, loginResponseSchema } from './auth.js';
import { requiredText } from './common.js';

/**
 * Six digits from an authenticator app; spaces typed between groups are dropped. Anything else is
 * no code at all, and says so, rather than read as a wrong one.
 */
export const totpCodeSchema = z
  .string({ error: () => messages.required('Code') })
  .max(20, messages.mfaCodeFormat)
  .transform((value) => value.replace(/\s/g, ''))
  .refine((value) => /^\d{6}$/.test(value), messages.mfaCodeFormat);

/** Recovery codes are shown as xxxxx-xxxxx; case, spaces and the dash do not matter. */
export const recoveryCodeSchema = z
  .string({ error: () => messages.required('Recovery code') })
  .max(40, messages.recoveryCodeInvalid)
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase())
  .refine((value) => /^[a-z2-7]{10}$/.test(value), messages.recoveryCodeInvalid);

export const RECOVERY_CODE_COUNT = 10;

/** The factors a person has; what the Security card shows. */
export const passkeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const mfaStatusSchema = z.object({
  totp: z.boolean(),
  passkeys: z.array(passkeySchema),
  recoveryCodesLeft: z.number().int(),
  /** Whether the account has a password to confirm removals with (one made with Google has none). */
  hasPassword: z.boolean(),
  /** An administrator without a factor, where MFA_REQUIRED_FOR_ADMINS asks for one first. */
  enrolmentRequired: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const totpConfirmBodySchema = z.object({ code: totpCodeSchema });

/** Answered when a first factor is enrolled and when a new set is made: shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).optional() });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** The password confirming a removal; optional while another factor remains. */
export const passwordConfirmBodySchema = z.object({
  password: loginBodySchema.shape.password.optional(),
});
export type PasswordConfirmBody = z.infer<typeof passwordConfirmBodySchema>;

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[\w-]*$/, messages.passkeyInvalid);

/** A WebAuthn credential as @simplewebauthn/browser sends it, bounded before any parsing. */
const credentialFields = {
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

export const registrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(20)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

export const passkeyRegisterBodySchema = z.object({
  name: requiredText('Name', 60),
  response: registrationResponseSchema,
});
export type PasskeyRegisterBody = z.infer<typeof passkeyRegisterBodySchema>;

/** WebAuthn options, passed to @simplewebauthn/browser as they are. */
export const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });

export const MFA_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

/** A correct password (or Google credential) of an account with a second factor. */
export const mfaRequiredSchema = z.object({
  mfaRequired: z.literal(true),
  methods: z.array(z.enum(MFA_METHODS)),
  challenge: z.string(),
});
export type MfaRequired = z.infer<typeof mfaRequiredSchema>;

/** What a sign-in answers: signed in, or one step to go. */
export const signInResultSchema = z.union([loginResponseSchema, mfaRequiredSchema]);
export type SignInResult = z.infer<typeof signInResultSchema>;

const challengeSchema = z
  .string({ error: () => messages.mfaChallengeInvalid })
  .min(1, messages.mfaChallengeInvalid)
  .max(200, messages.mfaChallengeInvalid);

export const mfaChallengeBodySchema = z.object({ challenge: challengeSchema });

/** The second step: exactly one of a code, a recovery code or a passkey assertion. */
export const loginMfaBodySchema = z
  .object({
    challenge: challengeSchema,
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
    passkey: authenticationResponseSchema.optional(),
  })
  .refine((body) => [body.code, body.recoveryCode, body.passkey].filter((value) => value !== undefined).length === 1, {
    message: messages.required('Code'),
    path: ['code'],
  });
export type LoginMfaBody = z.infer<typeof loginMfaBodySchema>;

export const passkeyVerifyBodySchema = z.object({ response: authenticationResponseSchema });
