import { z } from 'zod';
import { messages } from '../messages.js';
import { apiRoutes } from '../api-routes.js';
import { bulkBodySchema, type ApiCall } from '../bulk.js';
import { sortParam } from '../list-params.js';
import { listQuerySchema } from '../pagination.js';
import { emailSchema, passwordSchema, requiredText, userLanguageSchema } from './common.js';

export const INVITE_DEFAULT_HOURS = 48;
/** One link makes at most this many accounts. */
export const INVITE_MAX_USES = 1000;
export const INVITE_MIN_HOURS = 1;
/** A year: an invite link is meant to be used soon. */
export const INVITE_MAX_HOURS = 24 * 365;

/**
 * Stored states; `pending` shows as 'Not used', and an overdue pending invite answers `expired`, a
 * revoked one `revoked`. `confirming`: someone registered and has not yet opened the link mailed to
 * confirm their address.
 */
export const INVITE_STATUSES = [
  'pending',
  'confirming',
  'submitted',
  'consumed',
  'expired',
  'revoked',
  'rejected',
] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export const inviteSchema = z.object({
  _id: z.string(),
  email: z.string().nullable(),
  /**
   * The link gives its role to whoever holds it. Outside the administrators, a reader gets the link
   * only of an invite to a role within their own grants; of another, `link` is null and `token`
   * holds only the first characters that name the invite.
   */
  token: z.string(),
  link: z.string().nullable(),
  hours: z.number(),
  createdAt: z.string(),
  expiresAt: z.string(),
  consumedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(INVITE_STATUSES),
  /** The person who registered: while the invite is `confirming` or `submitted`, and once `consumed`. */
  registrant: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** How many accounts the link may make. */
  maxUses: z.number().int(),
  /** Registrations that took a use (rejected ones give theirs back). */
  uses: z.number().int(),
  /** The role an approved account gets; null: the User role. */
  role: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /**
   * For a link that makes several accounts: each registration through it, newest first, with
   * `inviteId` to approve or reject it by.
   */
  accounts: z.array(
    z.object({
      inviteId: z.string(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      status: z.enum(INVITE_STATUSES),
      createdAt: z.string(),
    }),
  ),
});
export type Invite = z.infer<typeof inviteSchema>;

/** Empty or not a number falls back to the default 48 hours; a number below 1 is refused. */
const hoursSchema = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value) => {
    if (value === undefined || value === null || value === '') return INVITE_DEFAULT_HOURS;
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(n) ? n : INVITE_DEFAULT_HOURS;
  })
  .pipe(
    z
      .number()
      .int(messages.inviteHoursWhole)
      .min(INVITE_MIN_HOURS, messages.inviteHoursMin)
      .max(INVITE_MAX_HOURS, messages.inviteHoursMax),
  );

export const createInviteBodySchema = z.object({
  /** Blank means any account may use the invite. */
  email: z
    .string({ error: () => messages.notText('Email') })
    .nullish()
    .transform((value) => value?.trim() || null)
    .pipe(emailSchema.nullable()),
  hours: hoursSchema,
  maxUses: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value) => (value === undefined || value === null || value === '' ? 1 : Number(value)))
    .pipe(
      z
        .number({ error: () => messages.inviteMaxUses })
        .int(messages.inviteMaxUses)
        .min(1, messages.inviteMaxUses)
        .max(INVITE_MAX_USES, messages.inviteMaxUses),
    ),
  /** Unset: the User role. */
  roleId: z
    .string()
    .nullish()
    .transform((value) => value || null)
    .pipe(z.string().uuid(messages.invalidId).nullable()),
});
export type CreateInviteBody = z.input<typeof createInviteBodySchema>;
export type NewInvite = z.output<typeof createInviteBodySchema>;

export const inviteTokenSchema = z
  .string({ error: () => messages.inviteInvalid })
  .min(1, messages.inviteInvalid)
  .max(200, messages.inviteInvalid);

export const inviteTokenParamsSchema = z.object({ token: inviteTokenSchema });

export const inviteValidationSchema = z.object({
  ok: z.boolean(),
  expired: z.boolean(),
  consumed: z.boolean(),
  /** A one-use invite someone registered with and is confirming their address: only they may register again. */
  confirming: z.boolean(),
  email: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type InviteValidation = z.infer<typeof inviteValidationSchema>;

export const registerInviteBodySchema = z.object({
  token: inviteTokenSchema,
  name: requiredText('Name', 100),
  email: emailSchema,
  password: passwordSchema,
  /** The interface language at registration: the language of the mail this person gets. */
  language: userLanguageSchema.optional(),
});
export type RegisterInviteBody = z.infer<typeof registerInviteBodySchema>;

export const confirmRegistrationBodySchema = z.object({
  token: z
    .string({ error: () => messages.emailConfirmInvalid })
    .min(1, messages.emailConfirmInvalid)
    .max(200, messages.emailConfirmInvalid),
});
export type ConfirmRegistrationBody = z.infer<typeof confirmRegistrationBodySchema>;

export const googleSignInBodySchema = z.object({
  credential: z
    .string({ error: () => messages.googleFailed })
    .min(1, messages.googleFailed)
    .max(8192, messages.googleFailed),
  invite: z
    .string()
    .max(200, messages.inviteInvalid)
    .nullish()
    .transform((value) => value || null),
  /** The interface language: kept as the language of this person's mail if they have none yet. */
  language: userLanguageSchema.optional(),
});
export type GoogleSignInBody = z.infer<typeof googleSignInBodySchema>;

export const INVITE_SORT_FIELDS = ['createdAt', 'expiresAt'] as const;

/** The invites list: newest first unless `sort` says otherwise; `status` as the list shows it. */
export const inviteFiltersSchema = z.object({
  sort: sortParam(INVITE_SORT_FIELDS, '-createdAt'),
  status: z.enum(INVITE_STATUSES, { error: () => messages.inviteStatusUnknown(INVITE_STATUSES.join(', ')) }).optional(),
});
export type InviteFilters = z.infer<typeof inviteFiltersSchema>;
export const inviteListQuerySchema = listQuerySchema.omit({ q: true }).extend(inviteFiltersSchema.shape);
export type InviteListQuery = z.infer<typeof inviteListQuerySchema>;
export type InviteListParams = z.input<typeof inviteListQuerySchema>;

export const INVITE_BULK_ACTIONS = ['revoke', 'delete'] as const;
export const inviteBulkBodySchema = bulkBodySchema(INVITE_BULK_ACTIONS);
export type InviteBulkAction = (typeof INVITE_BULK_ACTIONS)[number];
/** The single-record call each action makes, whose permission it needs too. */
export const INVITE_BULK_ACTION_CALLS: Record<InviteBulkAction, ApiCall> = {
  revoke: ['POST', `${apiRoutes.invites}/:id/revoke`],
  delete: ['DELETE', `${apiRoutes.invites}/:id`],
};
export type InviteBulkBody = z.infer<typeof inviteBulkBodySchema>;
