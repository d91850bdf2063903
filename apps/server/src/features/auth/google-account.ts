import { messages } from '@community/shared';
import type { Db } from '../../db/client.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AppError } from '../../lib/app-error.js';
import { createUserThroughInvite } from '../invites/invites.service.js';
import { findUserByEmail, findUserByGoogleSub, linkGoogleAccount } from '../users/users.queries.js';
import type { GooglePerson } from './google.js';

/**
 * The account a Google sign-in opens. Accounts are bound to the Google account (`sub`) that first
 * signed into them, so a Google account whose address later changes to someone else's never
 * opens that other account, and an address Google hands to a new account opens nothing.
 * A new account needs an invite.
 */
export async function findGoogleAccount(
  db: Db,
  context: RequestContext,
  person: GooglePerson,
  invite: string | null | undefined,
) {
  const linked = await findUserByGoogleSub(db, person.sub);
  if (linked) return linked;
  const byEmail = await findUserByEmail(db, person.email);
  if (byEmail) {
    if (byEmail.googleSub !== null) throw new AppError('forbidden', messages.googleOtherAccount);
    // Of two first sign-ins at once, the one that links second finds it linked and is refused.
    if (!(await linkGoogleAccount(db, byEmail.id, person.sub))) {
      throw new AppError('forbidden', messages.googleOtherAccount);
    }
    return { ...byEmail, googleSub: person.sub };
  }
  if (!invite) throw new AppError('forbidden', messages.googleNoAccount);
  await createUserThroughInvite(db, context, invite, person);
  const created = await findUserByGoogleSub(db, person.sub);
  if (!created) throw new AppError('forbidden', messages.googleNoAccount);
  return created;
}
