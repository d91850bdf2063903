import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { RoleType } from '@community/shared';
import { roles, userRoles, users } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { hashPassword } from '../lib/passwords.js';
import type { TestServer } from './test-server.js';

export const DEFAULT_PASSWORD = 'password123';
let defaultHash: Promise<string> | undefined;

export const uniqueEmail = (prefix = 'user') => `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.test`;

export type TestUser = { id: string; name: string; email: string; password: string };

/** Inserts a user straight into the database; the API is what the tests exercise, not this. */
export async function createUser(
  server: TestServer,
  overrides: {
    name?: string;
    email?: string;
    password?: string;
    confirmed?: boolean;
    blocked?: boolean;
    roles?: RoleType[];
    roleIds?: string[];
  } = {},
): Promise<TestUser> {
  const { db } = server.deps;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  const passwordHash = password === DEFAULT_PASSWORD ? await defaultHash : await hashPassword(password);
  const id = newId();
  const name = overrides.name ?? `Test User ${id.slice(-6)}`;
  const email = overrides.email ?? uniqueEmail();
  await db.insert(users).values({
    id,
    name,
    email,
    passwordHash,
    confirmed: overrides.confirmed ?? true,
    blocked: overrides.blocked ?? false,
  });
  const roleIds = [...(overrides.roleIds ?? [])];
  for (const type of overrides.roles ?? []) roleIds.push(await roleIdOfType(server, type));
  for (const roleId of roleIds) await db.insert(userRoles).values({ id: newId(), userId: id, roleId });
  return { id, name, email, password };
}

export async function roleIdOfType(server: TestServer, type: RoleType): Promise<string> {
  const [role] = await server.deps.db.select({ id: roles.id }).from(roles).where(eq(roles.type, type)).limit(1);
  if (!role) throw new Error(`no seeded role of type ${type}`);
  return role.id;
}

export async function signIn(server: TestServer, user: { email: string; password: string }): Promise<string> {
  const response = await server.post('/api/auth/login', { email: user.email, password: user.password });
  if (response.status !== 200) throw new Error(`sign-in of ${user.email} failed: ${response.status} ${response.text}`);
  return response.body.token as string;
}

/** A signed-in user with the given roles, ready to call the API. */
export async function createSignedInUser(server: TestServer, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(server, overrides);
  return { ...user, token: await signIn(server, user) };
}

/** Creates an event through the API, published unless told otherwise; its id. */
export async function createEvent(
  server: TestServer,
  token: string,
  body: Record<string, unknown>,
  { publish = true } = {},
): Promise<string> {
  const created = await server.post('/api/auth/events', body, token);
  if (created.status !== 201) throw new Error(`creating the event: ${created.status} ${created.text}`);
  const id = (created.body as { _id: string })._id;
  if (publish) {
    const published = await server.post(`/api/auth/events/${id}/publish`, {}, token);
    if (published.status !== 200) throw new Error(`publishing the event: ${published.status} ${published.text}`);
  }
  return id;
}
