import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createUser, roleIdOfType } from '../../test/factories.js';
import { createRoleWith } from '../../test/resource-helpers.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminToken();
});
afterAll(() => server.close());

const assign = (user: string, role: string, token = admin) =>
  server.post('/api/auth/user-roles', { user, role }, token);

describe('GET /api/auth/user-roles', () => {
  it('lists assignments with user and role names, newest first, searchable', async () => {
    const user = await createUser(server, { name: `Assigned ${crypto.randomUUID().slice(0, 8)}` });
    const roleId = await roleIdOfType(server, 'user');
    const created = await assign(user.id, roleId);
    expect(created.status).toBe(201);
    const list = await server.get('/api/auth/user-roles', admin);
    expect(list.body.data[0]).toEqual({
      _id: created.body._id,
      createdAt: expect.any(String),
      user: { _id: user.id, name: user.name, email: user.email },
      role: { _id: roleId, name: 'User', type: 'user' },
    });
    for (const q of [user.name.slice(-8), user.email.toUpperCase()]) {
      const found = await server.get(`/api/auth/user-roles?q=${encodeURIComponent(q)}`, admin);
      expect(found.body.data.map((row: { _id: string }) => row._id)).toEqual([created.body._id]);
    }
    const byRole = await server.get('/api/auth/user-roles?q=Admin', admin);
    expect(byRole.body.data.every((row: { role: { name: string } }) => row.role.name === 'Admin')).toBe(true);
  });
});

describe('POST /api/auth/user-roles', () => {
  it('refuses duplicates, unknown references and users who cannot sign in', async () => {
    const user = await createUser(server);
    const roleId = await roleIdOfType(server, 'user');
    expect((await assign(user.id, roleId)).status).toBe(201);
    const duplicate = await assign(user.id, roleId);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ error: 'This user already has this role.' });
    expect((await assign(crypto.randomUUID(), roleId)).body).toEqual({ error: 'User not found.' });
    expect((await assign(user.id, crypto.randomUUID())).body).toEqual({ error: 'Role not found.' });
    for (const flags of [{ confirmed: false }, { blocked: true }]) {
      const unusable = await createUser(server, flags);
      const refused = await assign(unusable.id, roleId);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: 'Roles can only be given to confirmed users who are not blocked.' });
    }
  });

  it.each([
    [{ role: crypto.randomUUID() }, 'User is required'],
    [{ user: crypto.randomUUID() }, 'Role is required'],
  ])('refuses %j with "%s"', async (body, message) => {
    const response = await server.post('/api/auth/user-roles', body, admin);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
  });

  it('gives access at once and takes it away at once', async () => {
    const member = await createSignedInUser(server);
    expect((await server.get('/api/auth/users', member.token)).status).toBe(403);
    const assignment = await assign(member.id, await roleIdOfType(server, 'admin'));
    expect((await server.get('/api/auth/users', member.token)).status).toBe(200);
    expect((await server.del(`/api/auth/user-roles/${assignment.body._id}`, admin)).status).toBe(200);
    expect((await server.get('/api/auth/users', member.token)).status).toBe(403);
  });

  it('lets only administrators give the admin role', async () => {
    const roleId = await createRoleWith(
      server,
      `Role givers ${crypto.randomUUID().slice(0, 8)}`,
      'POST /api/auth/user-roles',
    );
    const giver = await createSignedInUser(server, { roleIds: [roleId] });
    const refused = await assign(giver.id, await roleIdOfType(server, 'admin'), giver.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Only administrators can manage administrators or grant the admin role.' });
    const target = await createUser(server);
    expect((await assign(target.id, await roleIdOfType(server, 'user'), giver.token)).status).toBe(201);
  });
});

describe('roles beyond the giver’s own grants', () => {
  async function giverWith(...extra: string[]) {
    const roleId = await createRoleWith(
      server,
      `Givers ${crypto.randomUUID().slice(0, 8)}`,
      'GET /api/auth/roles',
      'POST /api/auth/user-roles',
      'PUT /api/auth/user-roles/:id',
      'DELETE /api/auth/user-roles/:id',
      ...extra,
    );
    return createSignedInUser(server, { roleIds: [roleId] });
  }
  const managers = () =>
    createRoleWith(
      server,
      `Managers ${crypto.randomUUID().slice(0, 8)}`,
      'GET /api/auth/users',
      'PUT /api/auth/users/:id',
    );

  it('M1: a giver cannot give anyone, themselves included, a role holding permissions they lack', async () => {
    const giver = await giverWith();
    const stronger = await managers();
    const self = await assign(giver.id, stronger, giver.token);
    expect(self.status).toBe(403);
    expect(self.body).toEqual({ error: 'You can only give or take away roles whose permissions you hold yourself.' });
    expect((await server.get('/api/auth/users', giver.token)).status).toBe(403);
    expect((await assign((await createUser(server)).id, stronger, giver.token)).status).toBe(403);
  });

  it('M1: a giver cannot re-point an assignment to a stronger role, nor take one away', async () => {
    const giver = await giverWith();
    const target = await createUser(server);
    const weak = await assign(target.id, await roleIdOfType(server, 'user'), giver.token);
    expect(weak.status).toBe(201);
    const stronger = await managers();
    const repointed = await server.put(
      `/api/auth/user-roles/${weak.body._id}`,
      { user: giver.id, role: stronger },
      giver.token,
    );
    expect(repointed.status).toBe(403);
    const held = await assign(target.id, stronger);
    expect((await server.del(`/api/auth/user-roles/${held.body._id}`, giver.token)).status).toBe(403);
    // A giver holding those permissions too may give and take the role.
    const able = await giverWith('GET /api/auth/users', 'PUT /api/auth/users/:id');
    expect((await server.del(`/api/auth/user-roles/${held.body._id}`, able.token)).status).toBe(200);
  });

  it('L10: a non-administrator neither adds roles to an administrator nor takes any away', async () => {
    const giver = await giverWith();
    const someAdmin = await createUser(server, { roles: ['admin'] });
    const added = await assign(someAdmin.id, await roleIdOfType(server, 'user'), giver.token);
    expect(added.status).toBe(403);
    expect(added.body).toEqual({ error: 'Only administrators can manage administrators or grant the admin role.' });
    const custom = await createRoleWith(server, `Plain ${crypto.randomUUID().slice(0, 8)}`);
    const held = await assign(someAdmin.id, custom);
    expect((await server.del(`/api/auth/user-roles/${held.body._id}`, giver.token)).status).toBe(403);
    expect((await server.get(`/api/auth/user-roles/${held.body._id}`, admin)).status).toBe(200);
  });
});

describe('PUT and DELETE /api/auth/user-roles/:id', () => {
  it('change the role and remove the assignment', async () => {
    const user = await createUser(server);
    const created = await assign(user.id, await roleIdOfType(server, 'user'));
    const changed = await server.put(
      `/api/auth/user-roles/${created.body._id}`,
      { user: user.id, role: await roleIdOfType(server, 'guest') },
      admin,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.role).toMatchObject({ name: 'Guest', type: 'guest' });
    expect((await server.get(`/api/auth/user-roles/${created.body._id}`, admin)).body.role.name).toBe('Guest');
    expect((await server.del(`/api/auth/user-roles/${created.body._id}`, admin)).body).toEqual({
      _id: created.body._id,
    });
    const gone = await server.get(`/api/auth/user-roles/${created.body._id}`, admin);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: 'UserRole not found.' });
  });

  it('keep the last administrator its role', async () => {
    const own = await startTestServer();
    try {
      const token = await own.adminToken();
      const list = await own.get('/api/auth/user-roles?q=admin@test.local', token);
      const adminAssignment = list.body.data[0];
      const removed = await own.del(`/api/auth/user-roles/${adminAssignment._id}`, token);
      expect(removed.status).toBe(409);
      expect(removed.body).toEqual({ error: 'The last administrator cannot be removed, blocked or demoted.' });
      const demoted = await own.put(
        `/api/auth/user-roles/${adminAssignment._id}`,
        { user: adminAssignment.user._id, role: await roleIdOfType(own, 'user') },
        token,
      );
      expect(demoted.status).toBe(409);
      expect((await own.get(`/api/auth/user-roles/${adminAssignment._id}`, token)).body.role.type).toBe('admin');
    } finally {
      await own.close();
    }
  });
});
