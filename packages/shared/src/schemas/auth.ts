import { z } from 'zod';
import { messages } from '../messages.js';
import { emailSchema, MAX_PASSWORD_LENGTH, passwordSchema, userLanguageSchema } from './common.js';
import { ROLE_TYPES } from './role.js';

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: () => messages.required('Password') })
    .min(1, messages.required('Password'))
    .max(MAX_PASSWORD_LENGTH, messages.tooLong('Password', MAX_PASSWORD_LENGTH)),
  /** The interface language: kept as the language of this person's mail if they have none yet. */
  language: userLanguageSchema.optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  user: sessionUserSchema,
  roles: z.array(z.object({ _id: z.string(), name: z.string(), type: z.enum(ROLE_TYPES) })),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z.object({
  password: passwordSchema,
  resetToken: z
    .string({ error: () => messages.resetInvalid })
    .min(1, messages.resetInvalid)
    .max(200, messages.resetInvalid),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const messageResponseSchema = z.object({ message: z.string() });

/**
 * Browser-only rule: the confirmation never reaches the server. Checked beside the form's own
 * schema rather than after it, so a mismatch is said in the same round as an empty name, whose
 * error would stop a refinement of the whole form.
 */
export const withPasswordConfirmation = <Shape extends { password: z.ZodType<string | undefined, unknown> }>(
  schema: z.ZodObject<Shape>,
) =>
  z.intersection(
    schema.extend({ confirmPassword: z.string().optional() }),
    z
      .object({ password: z.unknown(), confirmPassword: z.unknown() })
      // Nothing of its own to add, even when it refuses: the form's values are the form schema's,
      // trimmed and all, and a raw blank password would not merge with the schema's "unchanged".
      .transform(({ password, confirmPassword }, context) => {
        if ((password || '') !== (confirmPassword || '')) {
          context.issues.push({
            code: 'custom',
            message: messages.passwordsDoNotMatch,
            path: ['confirmPassword'],
            input: confirmPassword,
          });
        }
        return {};
      }),
  );
