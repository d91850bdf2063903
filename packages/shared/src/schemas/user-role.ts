import { z } from 'zod';
import { messages } from '../messages.js';
import { ROLE_TYPES } from './role.js';

export const userRoleSchema = z.object({
  _id: z.string(),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  role: z.object({ _id: z.string(), name: z.string(), type: z.enum(ROLE_TYPES) }),
  createdAt: z.string(),
});
export type UserRole = z.infer<typeof userRoleSchema>;

const requiredId = (label: string) =>
  z
    .string({ error: () => messages.required(label) })
    .min(1, messages.required(label))
    .uuid(`${label} is not valid`);

export const createUserRoleBodySchema = z.object({
  user: requiredId('User'),
  role: requiredId('Role'),
});
export type CreateUserRoleBody = z.infer<typeof createUserRoleBodySchema>;
export const updateUserRoleBodySchema = createUserRoleBodySchema;
export type UpdateUserRoleBody = CreateUserRoleBody;
