import { messages, type LoginMfaBody, type LoginResponse, type MfaMethod, type MfaRequired } from '@community/shared';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { AppError } from '../../lib/app-error.js';
import type { RequestContext } from '../../lib/request-context.js';
import type { TokenService } from '../../lib/tokens.js';
import { recordAudit } from '../audit/audit.queries.js';
import { startSession } from '../sessions/start-session.js';
import { findSignInUserById } from '../users/users.queries.js';
import {
  acceptTotpStep,
  consumeChallenge,
  consumeWebauthnChallenge,
  countChallengeFailure,
  countRecoveryCodesLeft,
  findLiveSignInChallenge,
  findPasskeyByCredentialId,
  insertChallenge,
  listPasskeys,
  MAX_CHALLENGE_FAILURES,
  readTotp,
  recordPasskeyUse,
  setWebauthnChallenge,
  unusedRecoveryCodes,
  useRecoveryCode,
  type ChallengeRow,
} from './mfa.queries.js';
import type { MfaDeps } from './mfa.service.js';
import { relyingParty } from './mfa.service.js';
import { codeMatches } from './recovery-codes.js';
import { matchingStep } from './totp.js';
import { authenticationOptions, challengeOf, verifyAuthentication } from './webauthn.js';
import { hashLinkToken, newLinkToken } from '../../lib/link-tokens.js';

type SignInDeps = MfaDeps & { tokens: TokenService };
type FirstFactor = 'password' | 'google';

const challengeEnded = () => new AppError('unauthorized', messages.mfaChallengeInvalid);

/**
 * A correct first factor of an account with a second one: a challenge for the second step,
 * 256 random bits handed out once and kept only as a hash, for five minutes.
 */
export async function beginSecondStep(deps: MfaDeps, userId: string, method: FirstFactor): Promise<MfaRequired> {
  const { db } = deps;
  const [totp, passkeys, codesLeft] = await Promise.all([
    readTotp(db, userId),
    listPasskeys(db, userId),
    countRecoveryCodesLeft(db, userId),
  ]);
  const methods: MfaMethod[] = [];
  if (totp?.confirmedAt) methods.push('totp');
  if (passkeys.length > 0) methods.push('passkey');
  if (codesLeft > 0) methods.push('recovery');
  const token = newLinkToken();
  await insertChallenge(db, { purpose: 'sign-in', tokenHash: hashLinkToken(token), userId, method });
  return { mfaRequired: true, methods, challenge: token };
}

async function liveChallenge(deps: MfaDeps, token: string) {
  const row = await findLiveSignInChallenge(deps.db, hashLinkToken(token));
  if (!row?.userId) throw challengeEnded();
  return row as ChallengeRow & { userId: string };
}

/** Assertion options for the passkeys of the account a second step belongs to. */
export async function secondStepPasskeyOptions(deps: MfaDeps, token: string) {
  const row = await liveChallenge(deps, token);
  const passkeys = await listPasskeys(deps.db, row.userId);
  if (passkeys.length === 0) throw new AppError('bad_request', messages.passkeyUnknown);
  const options = await authenticationOptions(relyingParty(deps), passkeys);
  await setWebauthnChallenge(deps.db, row.id, options.challenge);
  return options;
}

/** Why a second factor was refused, or null when it was accepted. */
async function checkFactor(deps: MfaDeps, row: ChallengeRow & { userId: string }, body: LoginMfaBody) {
  const { db, secrets } = deps;
  if (body.code !== undefined) {
    const totp = await readTotp(db, row.userId);
    const secret = totp?.confirmedAt ? secrets.open(totp.secret) : null;
    const step = secret ? matchingStep(secret, body.code) : null;
    if (step === null) return messages.mfaCodeInvalid;
    return (await acceptTotpStep(db, row.userId, step)) ? null : messages.mfaCodeUsed;
  }
  if (body.recoveryCode !== undefined) {
    const code = body.recoveryCode;
    const match = (await unusedRecoveryCodes(db, row.userId)).find((stored) => codeMatches(stored.codeHash, code));
    return match && (await useRecoveryCode(db, match.id)) ? null : messages.recoveryCodeInvalid;
  }
  const assertion = body.passkey as AuthenticationResponseJSON;
  const passkey = await findPasskeyByCredentialId(db, assertion.id);
  if (!passkey || passkey.userId !== row.userId || !row.webauthnChallenge) return messages.passkeyInvalid;
  const counter = await verifyAuthentication(relyingParty(deps), assertion, row.webauthnChallenge, passkey);
  if (counter === null) return messages.passkeyInvalid;
  await recordPasskeyUse(db, passkey.id, counter);
  return null;
}

const factorOf = (body: LoginMfaBody) =>
  body.code !== undefined ? 'totp' : body.recoveryCode !== undefined ? 'recovery' : 'passkey';

/** Refuses a signed-in person whose account was blocked or is not approved. */
async function assertMaySignIn(
  deps: MfaDeps,
  context: RequestContext,
  user: { id: string; email: string; blocked: boolean; confirmed: boolean },
) {
  const refusal = user.blocked
    ? { action: 'auth.login.blocked', message: messages.blocked }
    : !user.confirmed
      ? { action: 'auth.login.unapproved', message: messages.awaitingApproval }
      : null;
  if (!refusal) return;
  await recordAudit(deps.db, context, { action: refusal.action, actor: { id: user.id, email: user.email } });
  throw new AppError('forbidden', refusal.message);
}

/**
 * The second step: a code, a recovery code or a passkey. A wrong one counts against the
 * challenge (five end it) and against the account's sign-in limit; a right one uses the
 * challenge up, so of two submissions at once only one signs in.
 */
export async function completeSecondStep(
  deps: SignInDeps,
  context: RequestContext,
  body: LoginMfaBody,
): Promise<LoginResponse> {
  const { db, limits } = deps;
  await limits.consume('tokenChecksPerIp', context.ip);
  const row = await liveChallenge(deps, body.challenge);
  const user = await findSignInUserById(db, row.userId);
  if (!user) throw challengeEnded();
  await limits.check('loginFailuresPerAccount', user.email);
  const refusal = await checkFactor(deps, row, body);
  if (refusal !== null) {
    const failures = await countChallengeFailure(db, row.id);
    await limits.record('loginFailuresPerAccount', user.email);
    await recordAudit(db, context, {
      action: 'auth.mfa.failure',
      actor: { id: user.id, email: user.email },
      changes: { factor: [null, factorOf(body)] },
    });
    throw new AppError(
      failures >= MAX_CHALLENGE_FAILURES ? 'unauthorized' : 'bad_request',
      failures >= MAX_CHALLENGE_FAILURES ? messages.mfaTooManyAttempts : refusal,
    );
  }
  if (!(await consumeChallenge(db, row.id))) throw challengeEnded();
  await limits.reset('loginFailuresPerAccount', user.email);
  await assertMaySignIn(deps, context, user);
  return startSession(deps, context, user, `${row.method ?? 'password'}+${factorOf(body)}`);
}

/** Options for signing in with a passkey alone: any discoverable credential of this site. */
export async function passkeySignInOptions(deps: MfaDeps, context: RequestContext) {
  await deps.limits.consume('passkeyCeremoniesPerIp', context.ip);
  const options = await authenticationOptions(relyingParty(deps));
  await insertChallenge(deps.db, { purpose: 'passkey-sign-in', webauthnChallenge: options.challenge });
  return options;
}

/**
 * A passkey alone: it is something held and, with user verification, something known or
 * being. The ceremony it answers is used up before the signature is checked, so an assertion
 * replayed is refused.
 */
export async function passkeySignIn(
  deps: SignInDeps,
  context: RequestContext,
  response: AuthenticationResponseJSON,
): Promise<LoginResponse> {
  const { db } = deps;
  await deps.limits.consume('passkeyCeremoniesPerIp', context.ip);
  const refuse = async (
    message: string,
    actor: { id: string | null; email: string | null } = { id: null, email: null },
  ): Promise<never> => {
    await recordAudit(db, context, { action: 'auth.passkey.failure', actor });
    throw new AppError('unauthorized', message);
  };
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge || !(await consumeWebauthnChallenge(db, challenge, 'passkey-sign-in'))) {
    return refuse(messages.passkeyInvalid);
  }
  const passkey = await findPasskeyByCredentialId(db, response.id);
  if (!passkey) return refuse(messages.passkeyUnknown);
  const user = await findSignInUserById(db, passkey.userId);
  if (!user) return refuse(messages.passkeyUnknown);
  const counter = await verifyAuthentication(relyingParty(deps), response, challenge, passkey);
  if (counter === null) return refuse(messages.passkeyInvalid, user);
  await recordPasskeyUse(db, passkey.id, counter);
  await assertMaySignIn(deps, context, user);
  return startSession(deps, context, user, 'passkey');
}
