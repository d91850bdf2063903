import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  forgotPasswordBodySchema,
  googleSignInBodySchema,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  messages,
  resetPasswordBodySchema,
} from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { createKeyedQueue } from '../../lib/keyed-queue.js';
import { verifyPassword } from '../../lib/passwords.js';
import { findUserByEmail } from '../users/users.queries.js';
import { createGoogleVerifier } from './google.js';
import { findGoogleAccount } from './google-account.js';
import { resetPassword, sendPasswordReset } from './password-reset.js';
import { startSession } from '../sessions/start-session.js';

const clientOf = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'], ip: request.ip });

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, limits, tokens, mailer, config, background } = deps;
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
          'Wrong email or password answer alike; blocked and unapproved accounts are told so only after a correct password.',
        tags,
        security: [],
        body: loginBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      // Parallel guesses must not all pass a limit checked before the slow password check: an
      // address's attempts count up front (a correct password takes its attempt back), and one
      // account's attempts are checked one after another.
      await limits.consume('loginFailuresPerIp', request.ip);
      return oneAttemptPerAccount(email, async () => {
        await limits.check('loginFailuresPerAccount', email);
        const user = await findUserByEmail(db, email);
        const isValid = await verifyPassword(user?.passwordHash ?? null, password);
        if (!user || !isValid) {
          await limits.record('loginFailuresPerAccount', email);
          throw new AppError('unauthorized', messages.invalidCredentials);
        }
        await Promise.all([
          limits.release('loginFailuresPerIp', request.ip),
          limits.reset('loginFailuresPerAccount', email),
        ]);
        if (user.blocked) throw new AppError('forbidden', messages.blocked);
        if (!user.confirmed) throw new AppError('forbidden', messages.awaitingApproval);
        return startSession({ db, tokens }, clientOf(request), user);
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
      background.run('password reset mail', () =>
        sendPasswordReset({ db, mailer, publicUrl: config.publicUrl }, email),
      );
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
      const email = await resetPassword(db, request.body.resetToken, request.body.password);
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
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => {
      if (!verifyGoogle) throw new AppError('unavailable', messages.googleDisabled);
      await limits.consume('tokenChecksPerIp', request.ip);
      const person = await verifyGoogle(request.body.credential);
      const user = await findGoogleAccount(db, person, request.body.invite);
      if (user.blocked) throw new AppError('forbidden', messages.blocked);
      if (!user.confirmed) throw new AppError('forbidden', messages.awaitingApproval);
      return startSession({ db, tokens }, clientOf(request), user);
    },
  );
}
