import { and, eq, or } from 'drizzle-orm';
import type { PersonalData } from '@community/shared';
import type { Db } from '../../db/client.js';
import {
  auditEvents,
  contactMessages,
  contactReplies,
  emailConfirmations,
  eventRsvps,
  events,
  images,
  invites,
  mailQueue,
  mfaChallenges,
  notifications,
  passkeys,
  passwordResets,
  profiles,
  recoveryCodes,
  roles,
  sessions,
  totpFactors,
  userRoles,
  users,
} from '../../db/schema.js';
import { holdsValue, labelNames } from './erase-traces.js';

type Person = { id: string; email: string };
type Rows = Record<string, unknown>[];

/** Reads one table's rows about a person, without secrets or hashes. */
type Reader = (db: Db, person: Person) => Promise<Rows>;

/**
 * Every table of the database, by its name: how to read what it holds about a person, or why it
 * holds nothing about anyone. A test compares these names with the database's tables, so a new
 * table cannot be left out of "Download my data".
 */
export const PERSONAL_DATA: Record<string, Reader | { holdsNoPersonalData: string }> = {
  users: (db, { id }) =>
    db
      .select({
        id: users.id,
        createdAt: users.createdAt,
        updatedAt: users.updatedAt,
        name: users.name,
        email: users.email,
        username: users.username,
        confirmed: users.confirmed,
        blocked: users.blocked,
        avatarUrl: users.avatarUrl,
        googleSub: users.googleSub,
        mfaEnabled: users.mfaEnabled,
        language: users.language,
        mailOnContact: users.mailOnContact,
      })
      .from(users)
      .where(eq(users.id, id)),
  profiles: (db, { id }) => db.select().from(profiles).where(eq(profiles.userId, id)),
  user_roles: (db, { id }) =>
    db
      .select({ id: userRoles.id, createdAt: userRoles.createdAt, role: roles.name, roleType: roles.type })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, id)),
  sessions: (db, { id }) =>
    db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        userAgent: sessions.userAgent,
        ip: sessions.ip,
      })
      .from(sessions)
      .where(eq(sessions.userId, id)),
  notifications: (db, { id }) => db.select().from(notifications).where(eq(notifications.userId, id)),
  images: async (db, { id }) =>
    (await db.select().from(images).where(eq(images.ownerId, id))).map(({ data, ...image }) => ({
      ...image,
      dataBase64: data.toString('base64'),
    })),
  password_resets: (db, { id }) =>
    db
      .select({
        createdAt: passwordResets.createdAt,
        expiresAt: passwordResets.expiresAt,
        usedAt: passwordResets.usedAt,
      })
      .from(passwordResets)
      .where(eq(passwordResets.userId, id)),
  email_confirmations: (db, { id }) =>
    db
      .select({
        createdAt: emailConfirmations.createdAt,
        expiresAt: emailConfirmations.expiresAt,
        usedAt: emailConfirmations.usedAt,
      })
      .from(emailConfirmations)
      .where(eq(emailConfirmations.userId, id)),
  mfa_totp: (db, { id }) =>
    db
      .select({ createdAt: totpFactors.createdAt, confirmedAt: totpFactors.confirmedAt })
      .from(totpFactors)
      .where(eq(totpFactors.userId, id)),
  mfa_recovery_codes: (db, { id }) =>
    db
      .select({ createdAt: recoveryCodes.createdAt, usedAt: recoveryCodes.usedAt })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, id)),
  passkeys: (db, { id }) =>
    db
      .select({
        id: passkeys.id,
        createdAt: passkeys.createdAt,
        name: passkeys.name,
        transports: passkeys.transports,
        lastUsedAt: passkeys.lastUsedAt,
      })
      .from(passkeys)
      .where(eq(passkeys.userId, id)),
  mfa_challenges: (db, { id }) =>
    db
      .select({
        purpose: mfaChallenges.purpose,
        method: mfaChallenges.method,
        createdAt: mfaChallenges.createdAt,
        expiresAt: mfaChallenges.expiresAt,
        usedAt: mfaChallenges.usedAt,
      })
      .from(mfaChallenges)
      .where(eq(mfaChallenges.userId, id)),
  // What they did, what was done to their account, and what names them elsewhere (a role given
  // to them, an invite to their address): what erasing the account would strip of them.
  // What others did that names the person, without where the others were: their address and
  // browser are theirs.
  audit_events: async (db, { id, email }) =>
    (
      await db
        .select()
        .from(auditEvents)
        .where(
          or(
            eq(auditEvents.actorId, id),
            and(eq(auditEvents.targetType, 'user'), eq(auditEvents.targetId, id)),
            labelNames(email),
            holdsValue(email),
          ),
        )
    ).map((entry) => (entry.actorId === id ? entry : { ...entry, ip: null, userAgent: null })),
  invites: (db, { id }) =>
    db
      .select({
        id: invites.id,
        createdAt: invites.createdAt,
        createdBy: invites.createdBy,
        registrant: invites.userId,
        email: invites.email,
        status: invites.status,
        expiresAt: invites.expiresAt,
        consumedAt: invites.consumedAt,
        revokedAt: invites.revokedAt,
      })
      .from(invites)
      .where(or(eq(invites.createdBy, id), eq(invites.userId, id))),
  // Which mail was sent and when, not its text: a mail may carry a live link (a password reset, a
  // confirmation, an invite) that would let whoever reads the file act as the person.
  mail_queue: (db, { email }) =>
    db
      .select({
        createdAt: mailQueue.createdAt,
        kind: mailQueue.kind,
        subject: mailQueue.subject,
        sentAt: mailQueue.sentAt,
        failedAt: mailQueue.failedAt,
      })
      .from(mailQueue)
      .where(eq(mailQueue.to, email)),
  contact_messages: (db, { email }) => db.select().from(contactMessages).where(eq(contactMessages.email, email)),
  contact_replies: (db, { id }) =>
    db
      .select({
        id: contactReplies.id,
        createdAt: contactReplies.createdAt,
        messageId: contactReplies.messageId,
        body: contactReplies.body,
      })
      .from(contactReplies)
      .where(eq(contactReplies.authorId, id)),
  event_rsvps: (db, { id }) =>
    db
      .select({
        eventId: eventRsvps.eventId,
        title: events.title,
        startsAt: events.startsAt,
        answeredAt: eventRsvps.createdAt,
      })
      .from(eventRsvps)
      .innerJoin(events, eq(events.id, eventRsvps.eventId))
      .where(eq(eventRsvps.userId, id)),
  settings: { holdsNoPersonalData: 'the site settings' },
  roles: { holdsNoPersonalData: "the roles themselves; a person's roles are in user_roles" },
  permissions: { holdsNoPersonalData: 'the API routes' },
  client_permissions: { holdsNoPersonalData: 'the menu entries' },
  role_permissions: { holdsNoPersonalData: 'what each role may call' },
  role_client_permissions: { holdsNoPersonalData: 'what each role sees in the menu' },
  row_counts: { holdsNoPersonalData: 'the number of rows of each list' },
  translations: { holdsNoPersonalData: 'the interface texts' },
  feed_posts: { holdsNoPersonalData: "posts of the community's public channel" },
  events: { holdsNoPersonalData: "the community's events; who answered them is in event_rsvps" },
};

/** Everything stored about one person, table by table, as "Download my data" gives it. */
export async function personalDataOf(db: Db, person: Person): Promise<PersonalData> {
  const tables: PersonalData['tables'] = {};
  for (const [table, source] of Object.entries(PERSONAL_DATA)) {
    if (typeof source === 'function') tables[table] = await source(db, person);
  }
  return { exportedAt: new Date().toISOString(), person: { _id: person.id, email: person.email }, tables };
}
