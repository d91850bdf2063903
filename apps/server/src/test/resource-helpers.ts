import type { TestServer } from './test-server.js';

/** Ids of permission rows by "METHOD /route", for building roles in tests. */
export async function permissionIds(server: TestServer, ...keys: string[]): Promise<string[]> {
  const list = await server.get('/api/auth/permissions?limit=1000', await server.adminToken());
  const byKey = new Map<string, string>(
    list.body.data.map((p: { method: string; route: string; _id: string }) => [`${p.method} ${p.route}`, p._id]),
  );
  return keys.map((key) => {
    const id = byKey.get(key);
    if (!id) throw new Error(`no permission ${key}`);
    return id;
  });
}

/** A custom role holding exactly these permissions, created through the API. */
export async function createRoleWith(server: TestServer, name: string, ...keys: string[]): Promise<string> {
  const response = await server.post(
    '/api/auth/roles',
    { name, permission: await permissionIds(server, ...keys) },
    await server.adminToken(),
  );
  if (response.status !== 201) throw new Error(`role ${name}: ${response.text}`);
  return response.body._id as string;
}
