import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function uploadAvatar(token: string): Promise<string> {
  const form = new FormData();
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  form.append('type', 'image');
  form.append('file', new Blob([png], { type: 'image/png' }), 'avatar.png');
  const response = await server.request('POST', '/api/upload/profile-image', { token, rawBody: form });
  if (response.status !== 201) throw new Error(response.text);
  return response.body.filePaths[0].path as string;
}

describe('GET /api/auth/my-profile', () => {
  it('answers the caller profile, empty fields included', async () => {
    const member = await createSignedInUser(server);
    const response = await server.get('/api/auth/my-profile?page=1&limit=25', member.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      profile: {
        _id: member.id,
        name: member.name,
        address: null,
        phone: null,
        bio: null,
        image: null,
        user: { _id: member.id, email: member.email },
      },
    });
  });
});

describe('POST /api/auth/my-profile', () => {
  it('saves the fields and an uploaded image, without a new token when the password is blank', async () => {
    const member = await createSignedInUser(server);
    const image = await uploadAvatar(member.token);
    const body = {
      name: 'Ελένη Μ.',
      phone: '+30 210 0000000',
      address: 'Αθήνα',
      bio: 'Εθελόντρια',
      image,
      password: '',
    };
    const response = await server.post('/api/auth/my-profile', body, member.token);
    expect(response.status).toBe(200);
    expect(response.body.token).toBeUndefined();
    expect(response.body.profile).toMatchObject({
      name: 'Ελένη Μ.',
      phone: '+30 210 0000000',
      address: 'Αθήνα',
      bio: 'Εθελόντρια',
      image,
    });
    expect((await server.get('/api/auth/my-profile', member.token)).body.profile.image).toBe(image);
    const users = await server.get(`/api/auth/users/${member.id}`, await server.adminToken());
    expect(users.body).toMatchObject({ name: 'Ελένη Μ.', avatarUrl: image });
  });

  it('clears optional fields and keeps the image when none is sent', async () => {
    const member = await createSignedInUser(server);
    const image = await uploadAvatar(member.token);
    await server.post('/api/auth/my-profile', { name: member.name, phone: '123', image }, member.token);
    const cleared = await server.post('/api/auth/my-profile', { name: member.name, phone: '' }, member.token);
    expect(cleared.body.profile).toMatchObject({ phone: null, image });
  });

  it('answers a fresh token for a new password and ends the old one', async () => {
    const member = await createSignedInUser(server);
    const response = await server.post(
      '/api/auth/my-profile',
      { name: member.name, password: 'new-secret' },
      member.token,
    );
    expect(response.body.token).toEqual(expect.any(String));
    expect((await server.get('/api/auth/my-profile', member.token)).status).toBe(401);
    expect((await server.get('/api/auth/my-profile', response.body.token)).status).toBe(200);
    expect((await server.post('/api/auth/login', { email: member.email, password: 'new-secret' })).status).toBe(200);
  });

  it.each([
    [{ phone: '1' }, 'Name is required'],
    [{ name: 'A', password: '123' }, 'Password must have at least 6 characters'],
    [{ name: 'A', image: 'https://evil.test/track.png' }, 'Image must be an uploaded image'],
  ])('refuses %j with "%s"', async (body, message) => {
    const member = await createSignedInUser(server);
    const response = await server.post('/api/auth/my-profile', body, member.token);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
    expect((await server.get('/api/auth/my-profile', member.token)).body.profile.name).toBe(member.name);
  });
});

describe('GET /api/auth/user-profiles', () => {
  it('lists profiles with their fields, searchable and paged, for administrators only', async () => {
    const tag = crypto.randomBytes(4).toString('hex');
    const member = await createSignedInUser(server, { name: `Profiled ${tag}` });
    await server.post(
      '/api/auth/my-profile',
      { name: `Profiled ${tag}`, address: 'Πάτρα', phone: '555' },
      member.token,
    );
    await createUser(server, { name: `Profiled ${tag} two` });
    const admin = await server.adminToken();
    const found = await server.get(`/api/auth/user-profiles?q=${tag}&limit=1`, admin);
    expect(found.body).toMatchObject({ total: 2, pages: 2, page: 1 });
    const second = await server.get(`/api/auth/user-profiles?q=${tag}&limit=1&page=2`, admin);
    expect(second.body.data[0]).toMatchObject({
      name: `Profiled ${tag}`,
      address: 'Πάτρα',
      phone: '555',
      user: { email: member.email },
    });
    expect((await server.get('/api/auth/user-profiles', member.token)).status).toBe(403);
  });
});
