import { eq } from 'drizzle-orm';
import {
  messages,
  type MfaStatus,
  type PasskeyRegisterBody,
  type RecoveryCodes,
  type TotpSetup,
} from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { assertPasswordAgain } from '../../lib/password-again.js';
import type { SignedInContext } from '../../lib/request-context.js';
import { recordAudit } from '../audit/audit.queries.js';
import { recipientOf } from '../mail/mail-queue.js';
import { notifyUser } from '../notifications/notify.js';
import { revokeSessionsOf } from '../sessions/sessions.queries.js';
import { findUserById } from '../users/users.queries.js';
import { assertMayManage } from '../users/users.service.js';
import {
  confirmTotp,
  consumeWebauthnChallenge,
  countRecoveryCodesLeft,
  deleteFactorsOf,
  deletePasskey,
  deleteTotp,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  readTotp,
  refreshMfaEnabled,
  replaceRecoveryCodes,
  savePendingTotp,
} from './mfa.queries.js';
import { newRecoveryCodes } from './recovery-codes.js';
import { matchingStep, newTotpSecret, otpauthUrl } from './totp.js';
import { challengeOf, registrationOptions, relyingPartyOf, verifyRegistration } from './webauthn.js';

export type MfaDeps = Pick<AppDeps, 'db' | 'secrets' | 'mail' | 'config' | 'limits'>;

type Change =
  | 'mfaChangeTotpAdded'
  | 'mfaChangeTotpRemoved'
  | 'mfaChangePasskeyAdded'
  | 'mfaChangePasskeyRemoved'
  | 'mfaChangeRecoveryCodes'
  | 'mfaChangeReset';

export const relyingParty = (deps: MfaDeps) => relyingPartyOf(deps.config.publicUrl, deps.config.site.name);

/** What a change to how someone signs in reads of their account: who they are, their password, their factors. */
export async function accountOf(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name, passwordHash: users.passwordHash, mfaEnabled: users.mfaEnabled })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError('not_found', messages.notFound('User'));
  return row;
}

/**
 * A change to how a person signs in is told to them twice, so a thief holding the session cannot
 * hide it: a notification and a mail, both written in the change's transaction.
 */
async function tell(deps: MfaDeps, tx: Db, userId: string, change: Change) {
  await notifyUser(tx, userId, {
    title: messages[change],
    body: messages.mfaChangedBody,
    link: '/admin/account/security',
  });
  const person = await recipientOf(tx, userId);
  if (person) await deps.mail.queue(tx, 'secondFactorChanged', person, { change: messages[change] });
}

export async function mfaStatus(db: Db, userId: string): Promise<Omit<MfaStatus, 'enrolmentRequired'>> {
  const [totp, passkeys, recoveryCodesLeft, account] = await Promise.all([
    readTotp(db, userId),
    listPasskeys(db, userId),
    countRecoveryCodesLeft(db, userId),
    accountOf(db, userId),
  ]);
  return {
    totp: Boolean(totp?.confirmedAt),
    passkeys: passkeys.map((passkey) => ({
      _id: passkey.id,
      name: passkey.name,
      createdAt: passkey.createdAt.toISOString(),
      lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
    })),
    recoveryCodesLeft,
    hasPassword: account.passwordHash !== null,
  };
}

/** A new authenticator secret, not active until a first code confirms it. */
export async function startTotp(deps: MfaDeps, context: SignedInContext): Promise<TotpSetup> {
  const { db, secrets } = deps;
  const secret = newTotpSecret();
  if (!(await savePendingTotp(db, context.actor.id, secrets.seal(secret)))) {
    throw new AppError('conflict', messages.totpAlreadyActive);
  }
  const url = otpauthUrl(secret, context.actor.email, deps.config.site.name);
  // Loaded when a member sets up an authenticator app, not by every instance at start.
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl: url, qrSvg };
}

/** Recovery codes come with the first factor; later factors keep the set there is. */
async function codesForFirstFactor(tx: Db, userId: string, hadFactor: boolean): Promise<string[] | undefined> {
  if (hadFactor) return undefined;
  const { codes, hashes } = newRecoveryCodes();
  await replaceRecoveryCodes(tx, userId, hashes);
  return codes;
}

export async function confirmTotpSetup(deps: MfaDeps, context: SignedInContext, code: string): Promise<RecoveryCodes> {
  const { db, secrets } = deps;
  const userId = context.actor.id;
  const pending = await readTotp(db, userId);
  if (pending?.confirmedAt) throw new AppError('conflict', messages.totpAlreadyActive);
  const secret = pending ? secrets.open(pending.secret) : null;
  if (!secret) throw new AppError('bad_request', messages.totpNotStarted);
  const step = matchingStep(secret, code);
  if (step === null) throw new AppError('bad_request', messages.mfaCodeInvalid);
  const recoveryCodes = await db.transaction(async (tx) => {
    const account = await accountOf(tx, userId);
    if ((await confirmTotp(tx, userId, step)).length === 0) throw new AppError('bad_request', messages.totpNotStarted);
    const codes = await codesForFirstFactor(tx, userId, account.mfaEnabled);
    await refreshMfaEnabled(tx, userId);
    await recordAudit(tx, context, {
      action: 'mfa.totp.enable',
      target: { type: 'user', id: userId, label: account.email },
    });
    await tell(deps, tx, userId, 'mfaChangeTotpAdded');
    return codes;
  });
  return recoveryCodes ? { recoveryCodes } : {};
}

/** After a factor is removed: none left means the recovery codes go too. */
async function afterRemoval(tx: Db, userId: string) {
  if (!(await refreshMfaEnabled(tx, userId))) await replaceRecoveryCodes(tx, userId, []);
}

export async function removeTotp(deps: MfaDeps, context: SignedInContext, password: string | undefined): Promise<void> {
  const { db } = deps;
  const userId = context.actor.id;
  const [totp, passkeys] = await Promise.all([readTotp(db, userId), listPasskeys(db, userId)]);
  if (!totp) throw new AppError('not_found', messages.notFound('Authenticator app'));
  const account = await accountOf(db, userId);
  if (totp.confirmedAt && passkeys.length === 0)
    await assertPasswordAgain(
      deps.limits,
      { id: userId, passwordHash: account.passwordHash },
      password,
      messages.passwordNeeded,
    );
  await db.transaction(async (tx) => {
    if (!(await deleteTotp(tx, userId))) throw new AppError('not_found', messages.notFound('Authenticator app'));
    await afterRemoval(tx, userId);
    await recordAudit(tx, context, {
      action: 'mfa.totp.remove',
      target: { type: 'user', id: userId, label: account.email },
    });
    await tell(deps, tx, userId, 'mfaChangeTotpRemoved');
  });
}

export async function regenerateRecoveryCodes(
  deps: MfaDeps,
  context: SignedInContext,
  password: string | undefined,
): Promise<RecoveryCodes> {
  const { db } = deps;
  const userId = context.actor.id;
  const account = await accountOf(db, userId);
  if (!account.mfaEnabled) throw new AppError('bad_request', messages.noSecondFactor);
  await assertPasswordAgain(
    deps.limits,
    { id: userId, passwordHash: account.passwordHash },
    password,
    messages.passwordNeededForCodes,
  );
  const { codes, hashes } = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await replaceRecoveryCodes(tx, userId, hashes);
    await recordAudit(tx, context, {
      action: 'mfa.recovery_codes.regenerate',
      target: { type: 'user', id: userId, label: account.email },
    });
    await tell(deps, tx, userId, 'mfaChangeRecoveryCodes');
  });
  return { recoveryCodes: codes };
}

/** WebAuthn creation options; the challenge is kept for five minutes and used once. */
export async function passkeyRegistrationOptions(deps: MfaDeps, context: SignedInContext) {
  const { db } = deps;
  const { actor } = context;
  const options = await registrationOptions(relyingParty(deps), actor, await listPasskeys(db, actor.id));
  await insertChallenge(db, { purpose: 'passkey-register', userId: actor.id, webauthnChallenge: options.challenge });
  return options;
}

export async function addPasskey(
  deps: MfaDeps,
  context: SignedInContext,
  body: PasskeyRegisterBody,
): Promise<RecoveryCodes> {
  const { db } = deps;
  const userId = context.actor.id;
  const invalid = () => new AppError('bad_request', messages.passkeyInvalid);
  const challenge = challengeOf(body.response.response.clientDataJSON);
  if (!challenge || !(await consumeWebauthnChallenge(db, challenge, 'passkey-register', userId))) throw invalid();
  const info = await verifyRegistration(relyingParty(deps), body.response, challenge);
  if (!info) throw invalid();
  const recoveryCodes = await db.transaction(async (tx) => {
    const account = await accountOf(tx, userId);
    const id = await insertPasskey(tx, {
      userId,
      name: body.name,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: info.credential.transports ?? body.response.response.transports ?? null,
    }).catch(() => {
      throw invalid(); // the same authenticator registered twice
    });
    const codes = await codesForFirstFactor(tx, userId, account.mfaEnabled);
    await refreshMfaEnabled(tx, userId);
    await recordAudit(tx, context, { action: 'mfa.passkey.add', target: { type: 'passkey', id, label: body.name } });
    await tell(deps, tx, userId, 'mfaChangePasskeyAdded');
    return codes;
  });
  return recoveryCodes ? { recoveryCodes } : {};
}

export async function removePasskey(
  deps: MfaDeps,
  context: SignedInContext,
  id: string,
  password: string | undefined,
): Promise<void> {
  const { db } = deps;
  const userId = context.actor.id;
  const [totp, passkeys] = await Promise.all([readTotp(db, userId), listPasskeys(db, userId)]);
  const passkey = passkeys.find((row) => row.id === id);
  if (!passkey) throw new AppError('not_found', messages.notFound('Passkey'));
  const account = await accountOf(db, userId);
  if (!totp?.confirmedAt && passkeys.length === 1)
    await assertPasswordAgain(
      deps.limits,
      { id: userId, passwordHash: account.passwordHash },
      password,
      messages.passwordNeeded,
    );
  await db.transaction(async (tx) => {
    if (!(await deletePasskey(tx, userId, id))) throw new AppError('not_found', messages.notFound('Passkey'));
    await afterRemoval(tx, userId);
    await recordAudit(tx, context, {
      action: 'mfa.passkey.remove',
      target: { type: 'passkey', id, label: passkey.name },
    });
    await tell(deps, tx, userId, 'mfaChangePasskeyRemoved');
  });
}

/**
 * An administrator's help for a person who lost their factors: every factor goes and every
 * session ends. The guard rails of editing the person: administrators only by administrators.
 */
export async function resetFactorsOf(deps: MfaDeps, context: SignedInContext, userId: string): Promise<void> {
  const { db } = deps;
  await db.transaction(async (tx) => {
    const found = await findUserById(tx, userId);
    if (!found) throw new AppError('not_found', messages.notFound('User'));
    await assertMayManage(tx, context.actor, userId);
    await deleteFactorsOf(tx, userId);
    await refreshMfaEnabled(tx, userId);
    const revoked = await revokeSessionsOf(tx, userId);
    await recordAudit(tx, context, {
      action: 'mfa.reset',
      target: { type: 'user', id: userId, label: found.email },
      changes: { sessionsEnded: [null, revoked] },
    });
    await tell(deps, tx, userId, 'mfaChangeReset');
  });
}
