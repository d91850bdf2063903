import type { Invite, InviteStatus } from '@community/shared';

export type InviteStatusView =
  'confirming' | 'submitted' | 'used' | 'revoked' | 'expired' | 'rejected' | 'notUsed' | 'uses';

/**
 * An invite's state, the first that holds: waiting for its registrant's address, submitted, used,
 * revoked, expired, rejected, not used.
 */
export function inviteStatusView(invite: Invite, now = Date.now()): InviteStatusView {
  // A link for several accounts: revoked, expired, else how many of its uses are taken.
  if (invite.maxUses > 1) {
    if (invite.status === 'revoked' || invite.revokedAt) return 'revoked';
    if (invite.status === 'expired' || Date.parse(invite.expiresAt) <= now) return 'expired';
    return 'uses';
  }
  if (invite.status === 'confirming') return 'confirming';
  if (invite.status === 'submitted') return 'submitted';
  if (invite.consumedAt || invite.status === 'consumed') return 'used';
  if (invite.status === 'revoked' || invite.revokedAt) return 'revoked';
  if (invite.status === 'expired' || Date.parse(invite.expiresAt) <= now) return 'expired';
  if (invite.status === 'rejected') return 'rejected';
  return 'notUsed';
}

/** A registration under a several-use invite, by its own status. */
export function registrationStatusView(status: InviteStatus): InviteStatusView {
  if (status === 'consumed') return 'used';
  if (status === 'pending') return 'notUsed';
  return status;
}
