import { and, asc, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mfaChallenges, passkeys, recoveryCodes, totpFactors, users } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

export type ChallengeRow = typeof mfaChallenges.$inferSelect;
export type PasskeyRow = typeof passkeys.$inferSelect;

/** How long a step of a sign-in or an enrolment may wait. */
const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
/** Wrong codes a sign-in challenge takes before it ends. */
export const MAX_CHALLENGE_FAILURES = 5;

export async function readTotp(db: Db, userId: string) {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  return row;
}

export const listPasskeys = (db: Db, userId: string) =>
  db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));

export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** A new secret waiting for its first code; replaces one that was never confirmed. */
export async function savePendingTotp(db: Db, userId: string, sealedSecret: string): Promise<boolean> {
  const saved = await db
    .insert(totpFactors)
    .values({ userId, secret: sealedSecret })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secret: sealedSecret, createdAt: new Date(), lastUsedStep: null },
      setWhere: isNull(totpFactors.confirmedAt),
    })
    .returning({ userId: totpFactors.userId });
  return saved.length > 0;
}

export const confirmTotp = (db: Db, userId: string, step: number) =>
  db
    .update(totpFactors)
    .set({ confirmedAt: new Date(), lastUsedStep: step })
    .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.confirmedAt)))
    .returning({ userId: totpFactors.userId });

/** Takes a code's time step once: of two submissions of one code, one wins. */
export async function acceptTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const taken = await db
    .update(totpFactors)
    .set({ lastUsedStep: step })
    .where(
      and(eq(totpFactors.userId, userId), or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step))),
    )
    .returning({ userId: totpFactors.userId });
  return taken.length > 0;
}

export async function deleteTotp(db: Db, userId: string): Promise<boolean> {
  const gone = await db.delete(totpFactors).where(eq(totpFactors.userId, userId)).returning({ id: totpFactors.userId });
  return gone.length > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (hashes.length === 0) return;
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ id: newId(), userId, codeHash })));
}

export const unusedRecoveryCodes = (db: Db, userId: string) =>
  db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));

export async function useRecoveryCode(db: Db, id: string): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.id, id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export async function insertPasskey(
  db: Db,
  passkey: Pick<PasskeyRow, 'userId' | 'name' | 'credentialId' | 'publicKey' | 'counter' | 'transports'>,
): Promise<string> {
  const id = newId();
  await db.insert(passkeys).values({ id, ...passkey });
  return id;
}

export async function findPasskeyByCredentialId(db: Db, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

export const recordPasskeyUse = (db: Db, id: string, counter: number) =>
  db.update(passkeys).set({ counter, lastUsedAt: new Date() }).where(eq(passkeys.id, id));

export async function deletePasskey(db: Db, userId: string, id: string) {
  const [gone] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id, name: passkeys.name });
  return gone;
}

/** Every factor of a person, gone at once (an administrator's reset). */
export async function deleteFactorsOf(db: Db, userId: string): Promise<void> {
  await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
}

/**
 * Keeps `users.mfa_enabled` true exactly while an active factor exists: the sign-in read and the
 * access cache look there. Updating the row also tells every instance's cache.
 */
export async function refreshMfaEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({
      mfaEnabled: sql`exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${userId} and ${totpFactors.confirmedAt} is not null)
        or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId})`,
    })
    .where(eq(users.id, userId))
    .returning({ mfaEnabled: users.mfaEnabled });
  return row?.mfaEnabled ?? false;
}

export async function insertChallenge(
  db: Db,
  challenge: Pick<ChallengeRow, 'purpose'> &
    Partial<Pick<ChallengeRow, 'tokenHash' | 'webauthnChallenge' | 'userId' | 'method'>>,
): Promise<void> {
  await db.insert(mfaChallenges).values({
    id: newId(),
    expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
    ...challenge,
  });
}

const isLive = () =>
  and(
    isNull(mfaChallenges.usedAt),
    gt(mfaChallenges.expiresAt, new Date()),
    lt(mfaChallenges.failures, MAX_CHALLENGE_FAILURES),
  );

export async function findLiveSignInChallenge(db: Db, tokenHash: string) {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.tokenHash, tokenHash), eq(mfaChallenges.purpose, 'sign-in'), isLive()));
  return row;
}

export const setWebauthnChallenge = (db: Db, id: string, webauthnChallenge: string) =>
  db
    .update(mfaChallenges)
    .set({ webauthnChallenge })
    .where(and(eq(mfaChallenges.id, id), isLive()));

/** One more wrong answer; the fifth ends the challenge. Answers the count so far. */
export async function countChallengeFailure(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(mfaChallenges)
    .set({ failures: sql`${mfaChallenges.failures} + 1` })
    .where(eq(mfaChallenges.id, id))
    .returning({ failures: mfaChallenges.failures });
  return row?.failures ?? MAX_CHALLENGE_FAILURES;
}

/** Uses a challenge up: of two concurrent submissions only one gets the row. */
export async function consumeChallenge(db: Db, id: string): Promise<boolean> {
  const used = await db
    .update(mfaChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(mfaChallenges.id, id), isLive()))
    .returning({ id: mfaChallenges.id });
  return used.length > 0;
}

/** Uses up the WebAuthn ceremony that handed out this challenge, for this purpose. */
export async function consumeWebauthnChallenge(
  db: Db,
  webauthnChallenge: string,
  purpose: ChallengeRow['purpose'],
  userId?: string,
) {
  const [row] = await db
    .update(mfaChallenges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(mfaChallenges.webauthnChallenge, webauthnChallenge),
        eq(mfaChallenges.purpose, purpose),
        userId === undefined ? undefined : eq(mfaChallenges.userId, userId),
        isLive(),
      ),
    )
    .returning();
  return row;
}

/** Challenges that ran out or were used are of no more use. Answers how many went. */
export async function deleteSpentChallenges(db: Db): Promise<number> {
  const gone = await db
    .delete(mfaChallenges)
    .where(or(lt(mfaChallenges.expiresAt, new Date()), sql`${mfaChallenges.usedAt} is not null`))
    .returning({ id: mfaChallenges.id });
  return gone.length;
}
