import type { Invite } from '@community/shared';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../plugins/access.js';
import { rolesBeyondGrants, userRoleId } from '../roles/grants.js';

/** Characters of a withheld invite's token left to name it by, as the list shows every token. */
const TOKEN_SHOWN = 8;

/**
 * An invite's link gives its role to whoever holds it: Google sign-in through it makes a member
 * with that role at once. So a reader who is not an administrator gets the link only of an invite
 * to a role within their own grants, as they could have made it themselves; of any other, only the
 * start of its token and no link.
 */
export async function withholdLinksBeyondGrants(db: Db, reader: AuthUser, list: Invite[]): Promise<Invite[]> {
  if (reader.isAdmin || list.length === 0) return list;
  // An invite naming no role gives the User role.
  const userRole = list.some((invite) => !invite.role) ? await userRoleId(db) : undefined;
  const roleOf = (invite: Invite) => invite.role?._id ?? userRole!;
  const beyond = await rolesBeyondGrants(db, reader, [...new Set(list.map(roleOf))]);
  if (beyond.size === 0) return list;
  return list.map((invite) =>
    beyond.has(roleOf(invite)) ? { ...invite, token: invite.token.slice(0, TOKEN_SHOWN), link: null } : invite,
  );
}

/** The same for one invite, as an action on it answers. */
export async function withholdLinkBeyondGrants(db: Db, reader: AuthUser, invite: Invite): Promise<Invite> {
  return (await withholdLinksBeyondGrants(db, reader, [invite]))[0]!;
}

/** The same for an export's batches, as they stream. */
export async function* withholdingLinks(db: Db, reader: AuthUser, batches: AsyncIterable<Invite[]>) {
  for await (const batch of batches) yield await withholdLinksBeyondGrants(db, reader, batch);
}
