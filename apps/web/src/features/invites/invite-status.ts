import type { Invite } from '@community/shared';

export type InviteStatusView = 'submitted' | 'used' | 'expired' | 'rejected' | 'notUsed';

/** An invite's state, the first that holds: submitted, used, expired, rejected, not used. */
export function inviteStatusView(invite: Invite, now = Date.now()): InviteStatusView {
  if (invite.status === 'submitted') return 'submitted';
  if (invite.consumedAt || invite.status === 'consumed') return 'used';
  if (invite.status === 'expired' || Date.parse(invite.expiresAt) <= now) return 'expired';
  if (invite.status === 'rejected') return 'rejected';
  return 'notUsed';
}
