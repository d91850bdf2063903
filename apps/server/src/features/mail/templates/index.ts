import { accountDeletedMail } from './account-deleted.js';
import { approvedMail } from './approved.js';
import { confirmEmailMail } from './confirm-email.js';
import { contactMessageMail } from './contact-message.js';
import { contactReplyMail } from './contact-reply.js';
import { inviteMail } from './invite.js';
import { passwordChangedMail } from './password-changed.js';
import { passwordResetMail } from './password-reset.js';
import { rejectedMail } from './rejected.js';
import { secondFactorChangedMail } from './second-factor-changed.js';

/** Every mail the product sends, by the kind its queue row names. */
export const MAIL_TEMPLATES = {
  invite: inviteMail,
  confirmEmail: confirmEmailMail,
  approved: approvedMail,
  rejected: rejectedMail,
  passwordChanged: passwordChangedMail,
  passwordReset: passwordResetMail,
  secondFactorChanged: secondFactorChangedMail,
  contactMessage: contactMessageMail,
  contactReply: contactReplyMail,
  accountDeleted: accountDeletedMail,
};
