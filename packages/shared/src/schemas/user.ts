import { z } from 'zod';
import { booleanField, emailSchema, optionalPasswordSchema, passwordSchema, requiredText } from './common.js';

export const userSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  confirmed: z.boolean(),
  blocked: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const createUserBodySchema = z.object({
  name: requiredText('Name', 100),
  email: emailSchema,
  password: passwordSchema,
  confirmed: booleanField('Confirmed').default(true),
  blocked: booleanField('Blocked').default(false),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

export const updateUserBodySchema = z.object({
  name: requiredText('Name', 100),
  email: emailSchema,
  password: optionalPasswordSchema,
  confirmed: booleanField('Confirmed').optional(),
  blocked: booleanField('Blocked').optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;
