import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  forgotPasswordBodySchema,
  googleSignInBodySchema,
  loginBodySchema,
  messageResponseSchema,
  messages,
  resetPasswordBodySchema,
  signInResultSchema,
} from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { createKeyedQueue } from '../../lib/keyed-queue.js';
import { contextOf } from '../../lib/request-context.js';
import { recordAudit } from '../audit/audit.queries.js';
import { verifyPassword } from '../../lib/passwords.js';
import { findUserByEmail, keepFirstLanguage } from '../users/users.queries.js';
import { createGoogleVerifier } from './google.js';
import { findGoogleAccount } from './google-account.js';
import { resetPassword, sendPasswordReset } from './password-reset.js';
import { beginSecondStep } from '../mfa/mfa-sign-in.js';
import { startSession } from '../sessions/start-session.js';

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, limits, tokens, mail, config, background } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const oneAttemptPerAccount = createKeyedQueue();
  const verifyGoogle =
    config.googleClientId !== undefined
      ? createGoogleVerifier({ clientId: config.googleClientId, jwksUrl: config.googleJwksUrl })
      : undefined;

  r.post(
    apiRoutes.login,
    {
      config: { access: 'public', errors: [403, 429] },
      schema: {
        summary: 'Sign in',
        description:
          'Wrong email or password answer alike; blocked and unapproved accounts are told so only after a correct password. An account with a second factor answers `{ mfaRequired, methods, challenge }` for POST /api/auth/login/mfa.',
        tags,
        security: [],
        body: loginBodySchema,
        response: { 200: signInResultSchema },
      },
    },
    async (request) => {
      const { email, password, language } = request.body;
      const context = contextOf(request);
      /** Each refused sign-in is an audit entry naming the address tried. */
      const refuse = async (action: string, error: AppError, userId: string | null = null): Promise<never> => {
        await recordAudit(db, context, { action, actor: { id: userId, email } });
        throw error;
      };
      // Parallel guesses must not all pass a limit checked before the slow password check: an
      // address's attempts count up front (a correct password takes its attempt back), and one
      // account's attempts are checked one after another.
      await limits.consume('loginFailuresPerIp', request.ip).catch((error: AppError) => refuse('auth.lockout', error));
      return oneAttemptPerAccount(email, async () => {
        await limits.check('loginFailuresPerAccount', email).catch((error: AppError) => refuse('auth.lockout', error));
        const user = await findUserByEmail(db, email);
        const isValid = await verifyPassword(user?.passwordHash ?? null, password);
        if (!user || !isValid) {
          await limits.record('loginFailuresPerAccount', email);
          return refuse('auth.login.failure', new AppError('unauthorized', messages.invalidCredentials), user?.id);
        }
        // With a second factor the account's failures are forgiven only once it is given too:
        // a known password must not reset the count of guessed codes.
        await Promise.all([
          limits.release('loginFailuresPerIp', request.ip),
          user.mfaEnabled ? undefined : limits.reset('loginFailuresPerAccount', email),
        ]);
        if (user.blocked) return refuse('auth.login.blocked', new AppError('forbidden', messages.blocked), user.id);
        if (!user.confirmed) {
          return refuse('auth.login.unapproved', new AppError('forbidden', messages.awaitingApproval), user.id);
        }
        if (language && !user.language) await keepFirstLanguage(db, user.id, language);
        if (user.mfaEnabled) return beginSecondStep(deps, user.id, 'password');
        return startSession({ db, tokens }, context, user, 'password');
      });
    },
  );

  r.post(
    apiRoutes.forgotPassword,
    {
      config: { access: 'public', errors: [429] },
      schema: {
        summary: 'Send password reset instructions',
        description: 'Answers the same whether or not the email belongs to an account.',
        tags,
        security: [],
        body: forgotPasswordBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const { email } = request.body;
      await limits.consume('forgotPerIp', request.ip);
      await limits.consume('forgotPerEmail', email);
      await recordAudit(db, contextOf(request), { action: 'auth.reset_requested', actor: { id: null, email } });
      background.run('password reset mail', () => sendPasswordReset({ db, mail, publicUrl: config.publicUrl }, email));
      return { message: messages.resetSent };
    },
  );

  r.post(
    apiRoutes.resetPassword,
    {
      config: { access: 'public', errors: [429] },
      schema: {
        summary: 'Reset the password with a token from the mail',
        tags,
        security: [],
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await limits.consume('tokenChecksPerIp', request.ip);
      const email = await resetPassword(
        { db, mail },
        contextOf(request),
        request.body.resetToken,
        request.body.password,
      );
      if (!email) throw new AppError('bad_request', messages.resetInvalid);
      // Whoever holds the mailbox may sign in again at once, even while others keep failing on purpose.
      await limits.reset('loginFailuresPerAccount', email);
      return { message: messages.passwordReset };
    },
  );

  r.post(
    apiRoutes.google,
    {
      config: { access: 'public', errors: [403, 429, 503] },
      schema: {
        summary: 'Sign in with a Google ID token',
        description:
          'Signs in an existing account; a new one needs a valid invite (naming this email, when it names one). Answers 503 while Google sign-in is not configured.',
        tags,
        security: [],
        body: googleSignInBodySchema,
        response: { 200: signInResultSchema },
      },
    },
    async (request) => {
      if (!verifyGoogle) throw new AppError('unavailable', messages.googleDisabled);
      await limits.consume('tokenChecksPerIp', request.ip);
      const context = contextOf(request);
      const refuse = async (error: unknown, actor: { id: string | null; email: string | null }): Promise<never> => {
        if (error instanceof AppError && error.code !== 'unavailable') {
          await recordAudit(db, context, {
            action: 'auth.google.failure',
            actor,
            changes: { reason: [null, error.message] },
          });
        }
        throw error;
      };
      const person = await verifyGoogle(request.body.credential).catch((error: unknown) =>
        refuse(error, { id: null, email: null }),
      );
      const user = await findGoogleAccount(db, context, person, request.body.invite).catch((error: unknown) =>
        refuse(error, { id: null, email: person.email }),
      );
      if (user.blocked) return refuse(new AppError('forbidden', messages.blocked), user);
      if (!user.confirmed) return refuse(new AppError('forbidden', messages.awaitingApproval), user);
      const { language } = request.body;
      if (language && !user.language) await keepFirstLanguage(db, user.id, language);
      if (user.mfaEnabled) return beginSecondStep(deps, user.id, 'google');
      return startSession({ db, tokens }, context, user, 'google');
    },
  );
}
