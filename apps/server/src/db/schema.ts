import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Text search words; written by the database only (see `users.searchWords`). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    username: text('username'),
    passwordHash: text('password_hash'),
    confirmed: boolean('confirmed').notNull().default(true),
    blocked: boolean('blocked').notNull().default(false),
    tokenVersion: integer('token_version').notNull().default(0),
    avatarUrl: text('avatar_url'),
    /** Google's stable account id (`sub`), recorded at the first Google sign-in: later ones match on it. */
    googleSub: text('google_sub'),
    /** Whether a second factor is enrolled: set with the factor, so the sign-in read and the access cache see it. */
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    /** The language mail is written in (`el` or `en`); unset reads as Greek. */
    language: text('language', { enum: ['el', 'en'] }),
    /** An administrator's choice: a mail for each new contact message. */
    mailOnContact: boolean('mail_on_contact').notNull().default(false),
    /**
     * Every tail of at least three characters of every word of the name and email, lowercased
     * (`user_search_words`, migration 0017): a search for text of three characters or more is a
     * prefix of one of them, read from a GIN index (docs/decisions/018-user-search.md).
     */
    searchWords: tsvector('search_words').generatedAlwaysAs(sql`user_search_words(name, email)`),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    index('users_created_at_id_idx').on(t.createdAt, t.id),
    // The orders and filters of the users list: each one read from an index.
    index('users_name_id_idx').on(sql`sort_fold(${t.name})`, t.id),
    index('users_blocked_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.blocked}`),
    index('users_unconfirmed_idx')
      .on(t.createdAt, t.id)
      .where(sql`not ${t.confirmed}`),
    // Written to at once rather than through a pending list, which every search would read.
    index('users_search_words_idx').using('gin', t.searchWords).with({ fastupdate: false }),
  ],
);

export const profiles = pgTable('profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  address: text('address'),
  phone: text('phone'),
  bio: text('bio'),
  image: text('image'),
  updatedAt: updatedAt(),
});

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey(),
    createdAt: createdAt(),
    name: text('name').notNull(),
    type: text('type', { enum: ['admin', 'user', 'guest', 'custom'] })
      .notNull()
      .default('custom'),
    description: text('description'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('roles_name_key').on(sql`lower(${t.name})`),
    index('roles_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const permissions = pgTable(
  'permissions',
  {
    id: uuid('id').primaryKey(),
    createdAt: createdAt(),
    name: text('name').notNull(),
    description: text('description'),
    method: text('method', { enum: ['GET', 'POST', 'PUT', 'DELETE'] }).notNull(),
    route: text('route').notNull(),
    auth: boolean('auth').notNull().default(true),
  },
  (t) => [
    uniqueIndex('permissions_method_route_key').on(t.method, t.route),
    index('permissions_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('permissions_name_id_idx').on(sql`lower(${t.name})`, t.id),
    index('permissions_route_method_idx').on(t.route, t.method),
  ],
);

export const clientPermissions = pgTable(
  'client_permissions',
  {
    id: uuid('id').primaryKey(),
    createdAt: createdAt(),
    name: text('name').notNull(),
    menu: text('menu').notNull(),
    menuOrder: integer('menu_order').notNull().default(0),
    path: text('path').notNull(),
    description: text('description'),
    auth: boolean('auth').notNull().default(true),
  },
  (t) => [
    index('client_permissions_order_idx').on(t.menuOrder, t.name),
    index('client_permissions_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.permissionId] }),
    index('role_permissions_permission_idx').on(t.permissionId),
  ],
);

export const roleClientPermissions = pgTable(
  'role_client_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    clientPermissionId: uuid('client_permission_id')
      .notNull()
      .references(() => clientPermissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.clientPermissionId] }),
    index('role_client_permissions_cp_idx').on(t.clientPermissionId),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey(),
    createdAt: createdAt(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('user_roles_user_role_key').on(t.userId, t.roleId),
    index('user_roles_role_idx').on(t.roleId),
    index('user_roles_created_at_id_idx').on(t.createdAt, t.id),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** A registrant's address confirmation link: only the hash is kept, it works once, within 24 hours. */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteId: uuid('invite_id')
      .notNull()
      .references(() => invites.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('email_confirmations_user_idx').on(t.userId), index('email_confirmations_invite_idx').on(t.inviteId)],
);

/**
 * Mail waiting to go out, written in the transaction of the change it tells of: a mail server that
 * is down delays a mail, it does not lose it. Sent rows are kept a while for the record.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey(),
    createdAt: createdAt(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('mail_queue_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
  ],
);

/** An authenticator app (TOTP): the secret encrypted with a key outside the database; active once confirmed. */
export const totpFactors = pgTable('mfa_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  /** The 30 s step of the last code accepted: a code is good once. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
});

/** Ten single-use codes, each stored as a salted hash. */
export const recoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    name: text('name').notNull(),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('passkeys_credential_id_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * One step of a sign-in or an enrolment still to come, five minutes at most, used once: the
 * second step after a password (found by the hash of the token handed out), or a WebAuthn
 * ceremony (found by its challenge).
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuid('id').primaryKey(),
    createdAt: createdAt(),
    purpose: text('purpose', { enum: ['sign-in', 'passkey-sign-in', 'passkey-register'] }).notNull(),
    tokenHash: text('token_hash'),
    webauthnChallenge: text('webauthn_challenge'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** How the first factor was given: 'password' or 'google'. */
    method: text('method'),
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('mfa_challenges_token_key').on(t.tokenHash),
    uniqueIndex('mfa_challenges_webauthn_key').on(t.webauthnChallenge),
    index('mfa_challenges_expires_idx').on(t.expiresAt),
  ],
);

export const images = pgTable('images', {
  id: uuid('id').primaryKey(),
  createdAt: createdAt(),
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
});

/**
 * One row per sign-in; the token names it, and every request checks it is still live. Ending a
 * session sets `revoked_at`: only that (and deleting rows) is announced to other instances.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.createdAt), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Who changed what, and every sign-in outcome: written in the same transaction as the change.
 * Append-only: triggers refuse UPDATE, DELETE and TRUNCATE except for the retention job and the
 * erasure of a deleted person's address, which set `audit.maintenance` for their transaction.
 * No foreign keys: an entry outlives the person and the record it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at, t.id),
    index('audit_events_actor_idx').on(t.actorId, t.at),
    index('audit_events_action_idx').on(t.action, t.at),
    index('audit_events_target_idx').on(t.targetType, t.targetId, t.at),
  ],
);

/**
 * Exact row counts kept by triggers, so an unfiltered list total costs one row read; `version`
 * changes with every insert or delete, so anything derived from row positions can be cached.
 */
export const rowCounts = pgTable('row_counts', {
  tableName: text('table_name').primaryKey(),
  count: integer('count').notNull(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey(),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Shown to admins as a link they can copy again, so it is kept as issued. */
    token: text('token').notNull(),
    /** When set, only this address may use the invite. */
    email: text('email'),
    hours: integer('hours').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    status: text('status', { enum: ['pending', 'confirming', 'submitted', 'consumed', 'rejected'] })
      .notNull()
      .default('pending'),
    /** The account that registered through the invite (awaiting approval, or signed in with Google). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** How many accounts the link may make; above 1, each registration is a row of its own under it. */
    maxUses: integer('max_uses').notNull().default(1),
    /** The invite a registration came through, when that invite makes several accounts. */
    parentId: uuid('parent_id').references((): AnyPgColumn => invites.id, { onDelete: 'cascade' }),
    /** The role an approved account gets; unset: the User role. */
    roleId: uuid('role_id').references(() => roles.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('invites_token_key').on(t.token),
    index('invites_created_at_id_idx').on(t.createdAt, t.id),
    index('invites_expires_at_id_idx').on(t.expiresAt, t.id),
    index('invites_user_idx').on(t.userId),
    index('invites_parent_idx').on(t.parentId),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    createdAt: createdAt(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body'),
    link: text('link'),
    /** What the notice is about, when a decision elsewhere settles it: a registration's invite. */
    subjectId: uuid('subject_id'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_subject_idx')
      .on(t.subjectId)
      .where(sql`${t.subjectId} is not null and ${t.readAt} is null`),
    index('notifications_user_unread_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * Interface texts per language: `entries` is what the editor saves; `published` is the snapshot
 * that /locales serves, replaced only by "Generate Translations".
 */
export const translations = pgTable('translations', {
  language: text('language').primaryKey(),
  entries: jsonb('entries').$type<Record<string, string>>().notNull().default({}),
  published: jsonb('published').$type<Record<string, string>>(),
  /** The catalogue's texts as the last Generate merged them: a text still equal to its own is unedited. */
  generatedFrom: jsonb('generated_from').$type<Record<string, string>>(),
  lastGenerated: timestamp('last_generated', { withTimezone: true, mode: 'date' }),
  updatedAt: updatedAt(),
});

/** The Official Feed: posts read from the public channel page, kept when a later read fails. */
export const feedPosts = pgTable(
  'feed_posts',
  {
    postId: text('post_id').primaryKey(),
    userPhoto: text('user_photo'),
    userName: text('user_name').notNull(),
    messageUrl: text('message_url').notNull(),
    messageText: text('message_text').notNull(),
    messagePhotos: jsonb('message_photos').$type<string[]>().notNull().default([]),
    postedAt: timestamp('posted_at', { withTimezone: true, mode: 'date' }),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('feed_posts_posted_at_idx').on(t.postedAt)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey(),
    createdAt: createdAt(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** new until answered or put aside; handled once replied to; archived when filed away. */
    status: text('status', { enum: ['new', 'handled', 'archived'] })
      .notNull()
      .default('new'),
    /** When it was last answered or marked handled: an archived message restored comes back handled. */
    handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('contact_messages_created_at_id_idx').on(t.createdAt, t.id),
    index('contact_messages_status_idx').on(t.status, t.createdAt, t.id),
  ],
);

/** An answer sent to the writer of a contact message, kept under it. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: uuid('id').primaryKey(),
    createdAt: createdAt(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId, t.createdAt)],
);

/**
 * Events of the community. Times are instants; the site's time zone (SITE_TIME_ZONE) turns them
 * into the wall-clock times people enter and read. An all-day event runs from the first instant
 * of its first day to the first instant of the day after its last. `revision` grows with every
 * change an administrator makes: calendar clients read it as the event's SEQUENCE.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    allDay: boolean('all_day').notNull().default(false),
    place: text('place'),
    description: text('description'),
    /** An uploaded image (owned by no person, so no one's profile upload ever removes it). */
    imageId: uuid('image_id').references(() => images.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    /** Unset: no limit. */
    capacity: integer('capacity'),
    rsvpEnabled: boolean('rsvp_enabled').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    revision: integer('revision').notNull().default(0),
  },
  (t) => [
    index('events_starts_at_idx').on(t.startsAt, t.id),
    index('events_ends_at_idx').on(t.endsAt, t.id),
    index('events_created_at_idx').on(t.createdAt, t.id),
    index('events_title_idx').on(sql`sort_fold(${t.title})`, t.id),
    index('events_status_starts_at_idx').on(t.status, t.startsAt, t.id),
    index('events_published_ends_at_idx')
      .on(t.endsAt, t.startsAt, t.id)
      .where(sql`${t.status} = 'published'`),
    // A search folds case and Greek accents (`foldedHolds`): the index holds the folded text.
    index('events_title_trgm_idx').using('gin', sql`search_fold(${t.title}) gin_trgm_ops`),
    index('events_place_trgm_idx').using('gin', sql`search_fold(${t.place}) gin_trgm_ops`),
    index('events_image_idx').on(t.imageId),
  ],
);

/** A member's "going" to an event; "not going" is no row. Goes with the event and with the member. */
export const eventRsvps = pgTable(
  'event_rsvps',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_rsvps_event_user_key').on(t.eventId, t.userId),
    index('event_rsvps_event_created_idx').on(t.eventId, t.createdAt, t.userId),
    index('event_rsvps_user_idx').on(t.userId, t.eventId),
  ],
);
