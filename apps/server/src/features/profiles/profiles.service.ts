import { eq, sql } from 'drizzle-orm';
import {
  imageIdFromPath,
  messages,
  type MyProfileResponse,
  type Profile,
  type UpdateMyProfileBody,
} from '@community/shared';
import type { Db } from '../../db/client.js';
import { profiles, users } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/passwords.js';
import { assertPasswordAgain } from '../../lib/password-again.js';
import type { RateLimits } from '../../lib/rate-limits.js';
import type { TokenService } from '../../lib/tokens.js';
import type { SignedInContext } from '../../lib/request-context.js';
import { changesBetween, recordAudit } from '../audit/audit.queries.js';
import { accountOf } from '../mfa/mfa.service.js';
import type { MailQueue } from '../mail/mail-queue.js';
import { tellPasswordChanged } from '../notifications/notify.js';
import { revokeSessionsOf } from '../sessions/sessions.queries.js';
import { expireResetLinks } from '../auth/password-reset.js';
import { deleteUnusedImages, isOwnImage } from '../uploads/images.queries.js';
import { findProfile, mailSettingsOf } from './profiles.queries.js';

const audited = ({ name, phone, address, bio, image }: Profile) => ({ name, phone, address, bio, image });

/**
 * Saves the caller's own profile. A new password ends every other session of theirs and answers a
 * fresh token for this one, so the screen stays signed in.
 */
export async function updateMyProfile(
  deps: { db: Db; mail: MailQueue; tokens: TokenService; limits: RateLimits },
  context: SignedInContext,
  body: UpdateMyProfileBody,
): Promise<MyProfileResponse> {
  const { db, mail, tokens, limits } = deps;
  const me = context.actor;
  const { name, phone, address, bio, image, password, currentPassword, language } = body;
  // Only administrators are mailed new contact messages: nobody else's choice is kept.
  const mailOnContact = me.isAdmin ? body.mailOnContact : undefined;
  if (image && !(await isOwnImage(db, imageIdFromPath(image), me.id))) {
    throw new AppError('bad_request', messages.imageNotUploaded);
  }
  // Each change notifies the owner: changes without limit would flood their notifications.
  if (password) {
    await limits.consume('passwordChangesPerUser', me.id);
    // Else a stolen session would set a password, and with it remove the second factor.
    const account = await accountOf(db, me.id);
    if (account.mfaEnabled) {
      await assertPasswordAgain(
        limits,
        { id: me.id, passwordHash: account.passwordHash },
        currentPassword,
        messages.currentPasswordNeeded,
      );
    }
  }
  const passwordHash = password ? await hashPassword(password) : undefined;
  const tokenVersion = await db.transaction(async (tx) => {
    const before = await findProfile(tx, me.id);
    const settingsBefore = await mailSettingsOf(tx, me.id);
    const [updated] = await tx
      .update(users)
      .set({
        name,
        ...(language ? { language } : {}),
        ...(mailOnContact !== undefined ? { mailOnContact } : {}),
        ...(image ? { avatarUrl: image } : {}),
        ...(passwordHash ? { passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, me.id))
      .returning({ tokenVersion: users.tokenVersion });
    const fields = { phone, address, bio, ...(image ? { image } : {}), updatedAt: new Date() };
    await tx
      .insert(profiles)
      .values({ userId: me.id, ...fields })
      .onConflictDoUpdate({ target: profiles.userId, set: fields });
    if (passwordHash) {
      await tellPasswordChanged(tx, mail, me.id);
      await revokeSessionsOf(tx, me.id, me.sessionId);
      await expireResetLinks(tx, me.id);
    }
    if (image) await deleteUnusedImages(tx, me.id);
    const after = await findProfile(tx, me.id);
    await recordAudit(tx, context, {
      action: 'profile.update',
      target: { type: 'user', id: me.id, label: me.email },
      changes: changesBetween(
        { ...(before ? audited(before) : {}), ...settingsBefore, password: null },
        {
          ...(after ? audited(after) : {}),
          language: language ?? settingsBefore.language,
          mailOnContact: mailOnContact ?? settingsBefore.mailOnContact,
          password: passwordHash ? 'changed' : null,
        },
        ['password'],
      ),
    });
    return updated!.tokenVersion;
  });
  const profile = (await findProfile(db, me.id))!;
  const saved = { profile, ...(await mailSettingsOf(db, me.id)) };
  if (!passwordHash) return saved;
  return { ...saved, token: await tokens.sign({ userId: me.id, version: tokenVersion, sessionId: me.sessionId }) };
}
