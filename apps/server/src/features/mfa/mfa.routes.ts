import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import {
  apiRoutes,
  idParamsSchema,
  loginMfaBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  messages,
  mfaChallengeBodySchema,
  mfaStatusSchema,
  passkeyRegisterBodySchema,
  passkeyVerifyBodySchema,
  passwordConfirmBodySchema,
  recoveryCodesSchema,
  totpConfirmBodySchema,
  totpSetupSchema,
  webauthnOptionsSchema,
} from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { contextOf, signedInContextOf } from '../../lib/request-context.js';
import { completeSecondStep, passkeySignIn, passkeySignInOptions, secondStepPasskeyOptions } from './mfa-sign-in.js';
import {
  addPasskey,
  confirmTotpSetup,
  mfaStatus,
  passkeyRegistrationOptions,
  regenerateRecoveryCodes,
  removePasskey,
  removeTotp,
  resetFactorsOf,
  startTotp,
} from './mfa.service.js';

const SIGNED_IN = { access: 'signed-in' } as const;
const PUBLIC = { access: 'public', errors: [401, 403, 429] } as const;

export function registerMfaRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['second factor'];

  r.get(
    apiRoutes.mfa,
    {
      config: SIGNED_IN,
      schema: {
        summary: 'My second factors',
        description:
          '`enrolmentRequired`: an administrator must enrol one before anything else (MFA_REQUIRED_FOR_ADMINS).',
        tags,
        response: { 200: mfaStatusSchema },
      },
    },
    async (request) => {
      const { actor } = signedInContextOf(request);
      const status = await mfaStatus(deps.db, actor.id);
      const enrolled = status.totp || status.passkeys.length > 0;
      return { ...status, enrolmentRequired: deps.config.mfaRequiredForAdmins && actor.isAdmin && !enrolled };
    },
  );

  r.post(
    `${apiRoutes.mfa}/totp`,
    {
      config: { ...SIGNED_IN, errors: [409] },
      schema: {
        summary: 'Start setting up an authenticator app',
        description: 'A new secret, as text, as an otpauth URL and as a QR code (SVG); active once a code confirms it.',
        tags,
        response: { 200: totpSetupSchema },
      },
    },
    async (request) => startTotp(deps, signedInContextOf(request)),
  );

  r.post(
    `${apiRoutes.mfa}/totp/confirm`,
    {
      config: { ...SIGNED_IN, errors: [409] },
      schema: {
        summary: 'Confirm the authenticator app with a first code',
        description: 'Answers the recovery codes, once, when this is the first factor.',
        tags,
        body: totpConfirmBodySchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => confirmTotpSetup(deps, signedInContextOf(request), request.body.code),
  );

  r.delete(
    `${apiRoutes.mfa}/totp`,
    {
      config: { ...SIGNED_IN, errors: [404, 429] },
      schema: {
        summary: 'Remove the authenticator app',
        description: 'The password is needed when this is the last factor.',
        tags,
        body: passwordConfirmBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await removeTotp(deps, signedInContextOf(request), request.body.password);
      return { message: messages.totpRemoved };
    },
  );

  r.post(
    `${apiRoutes.mfa}/recovery-codes`,
    {
      config: { ...SIGNED_IN, errors: [429] },
      schema: {
        summary: 'Make a new set of recovery codes',
        description: 'The earlier set stops working. Needs the password.',
        tags,
        body: passwordConfirmBodySchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => regenerateRecoveryCodes(deps, signedInContextOf(request), request.body.password),
  );

  r.post(
    `${apiRoutes.mfa}/passkeys/options`,
    {
      config: SIGNED_IN,
      schema: { summary: 'Options for creating a passkey', tags, response: { 200: webauthnOptionsSchema } },
    },
    async (request) => ({ ...(await passkeyRegistrationOptions(deps, signedInContextOf(request))) }),
  );

  r.post(
    `${apiRoutes.mfa}/passkeys`,
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Add a passkey',
        description: 'Answers the recovery codes, once, when this is the first factor.',
        tags,
        body: passkeyRegisterBodySchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => addPasskey(deps, signedInContextOf(request), request.body),
  );

  r.delete(
    `${apiRoutes.mfa}/passkeys/:id`,
    {
      config: { ...SIGNED_IN, errors: [404, 429] },
      schema: {
        summary: 'Remove a passkey',
        description: 'The password is needed when this is the last factor.',
        tags,
        params: idParamsSchema,
        body: passwordConfirmBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await removePasskey(deps, signedInContextOf(request), request.params.id, request.body.password);
      return { message: messages.passkeyRemoved };
    },
  );

  r.post(
    `${apiRoutes.users}/:id/mfa/reset`,
    {
      config: { errors: [404] },
      schema: {
        summary: "Remove a person's second factors",
        description:
          'Ends their sessions too. The guard rails of editing the person: administrators only by administrators.',
        tags,
        params: idParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await resetFactorsOf(deps, signedInContextOf(request), request.params.id);
      return { message: messages.mfaReset };
    },
  );

  r.post(
    apiRoutes.loginMfa,
    {
      config: PUBLIC,
      schema: {
        summary: 'Sign in: the second step',
        description:
          'With the challenge a sign-in answered, exactly one of `code` (authenticator app), `recoveryCode` or `passkey` (an assertion for the options of passkey-options). Five wrong answers end the challenge.',
        tags,
        security: [],
        body: loginMfaBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => completeSecondStep(deps, contextOf(request), request.body),
  );

  r.post(
    apiRoutes.loginMfaPasskeyOptions,
    {
      config: PUBLIC,
      schema: {
        summary: 'Sign in: passkey options for the second step',
        tags,
        security: [],
        body: mfaChallengeBodySchema,
        response: { 200: webauthnOptionsSchema },
      },
    },
    async (request) => ({ ...(await secondStepPasskeyOptions(deps, request.body.challenge)) }),
  );

  r.post(
    apiRoutes.passkeyOptions,
    {
      config: { access: 'public', errors: [429] },
      schema: {
        summary: 'Sign in with a passkey: options',
        tags,
        security: [],
        response: { 200: webauthnOptionsSchema },
      },
    },
    async (request) => ({ ...(await passkeySignInOptions(deps, contextOf(request))) }),
  );

  r.post(
    apiRoutes.passkeyVerify,
    {
      config: PUBLIC,
      schema: {
        summary: 'Sign in with a passkey',
        description: 'A discoverable credential with user verification: two factors in one.',
        tags,
        security: [],
        body: passkeyVerifyBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => passkeySignIn(deps, contextOf(request), request.body.response as AuthenticationResponseJSON),
  );
}
