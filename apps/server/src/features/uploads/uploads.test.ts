import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../db/schema.js';
import { createSignedInUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await createSignedInUser(server)).token;
});
afterAll(() => server.close());

function upload(bytes: Buffer, name = 'avatar.png', type = 'image/png', as = token) {
  const form = new FormData();
  form.append('type', 'image');
  form.append('file', new Blob([bytes], { type }), name);
  return server.request('POST', '/api/upload/profile-image', { token: as, rawBody: form });
}

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#c33' } });

describe('POST /api/upload/profile-image', () => {
  it.each([
    ['PNG', () => solid(40, 30).png().toBuffer(), 'image/png'],
    ['WebP', () => solid(40, 30).webp().toBuffer(), 'image/webp'],
    ['GIF', () => solid(40, 30).gif().toBuffer(), 'image/gif'],
  ])('stores a %s and serves it with a year of caching', async (_label, make, contentType) => {
    const response = await upload(await make());
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      message: 'File uploaded successfully! Please update your profile to apply the new image.',
      filePaths: [{ path: expect.stringMatching(/^\/api\/upload\/images\/[0-9a-f-]{36}$/) }],
    });
    const served = await fetch(server.baseUrl + response.body.filePaths[0].path);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(contentType);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([40, 30]);
  });

  it('re-encodes a JPEG without its metadata', async () => {
    const jpeg = await solid(64, 64)
      .withExif({ IFD0: { Copyright: 'secret-owner-name', Artist: 'secret-owner-name' } })
      .jpeg()
      .toBuffer();
    expect(jpeg.toString('latin1')).toContain('secret-owner-name');
    const response = await upload(jpeg, 'photo.jpg', 'image/jpeg');
    expect(response.status).toBe(201);
    const id = response.body.filePaths[0].path.split('/').pop();
    const [stored] = await server.deps.db.select().from(images).where(eq(images.id, id));
    expect(stored!.contentType).toBe('image/jpeg');
    expect(stored!.data.toString('latin1')).not.toContain('secret-owner-name');
    expect((await sharp(stored!.data).metadata()).exif).toBeUndefined();
  });

  it('refuses a file over 1 MB with the spec message', async () => {
    const response = await upload(crypto.randomBytes(1024 * 1024 + 10));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'File size exceeds 1MB limit. Please upload a smaller file.' });
  });

  it.each([
    ['HTML', Buffer.from('<html><script>alert(1)</script></html>')],
    [
      'SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>'),
    ],
    ['random bytes', crypto.randomBytes(2048)],
  ])('refuses %s named .png', async (_label, bytes) => {
    const before = (await server.deps.db.select({ id: images.id }).from(images)).length;
    const response = await upload(bytes);
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ error: 'Only PNG, JPEG, WebP or GIF images are accepted.' });
    expect((await server.deps.db.select({ id: images.id }).from(images)).length).toBe(before);
  });

  it('refuses a small PNG that decodes to a huge image', async () => {
    const bomb = await solid(10000, 10000).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const response = await upload(bomb);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'The image dimensions are too large.' });
  });

  it('ignores path characters in the file name', async () => {
    const response = await upload(await solid(4, 4).png().toBuffer(), '../../etc/passwd.png');
    expect(response.status).toBe(201);
    expect(response.body.filePaths[0].path).toMatch(/^\/api\/upload\/images\/[0-9a-f-]{36}$/);
  });

  it('asks for a file when none is sent, and refuses JSON', async () => {
    const form = new FormData();
    form.append('type', 'image');
    const empty = await server.request('POST', '/api/upload/profile-image', { token, rawBody: form });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: 'Please choose a file to upload.' });
    const json = await server.post('/api/upload/profile-image', { file: 'x' }, token);
    expect(json.status).toBe(415);
    expect(json.body).toEqual({ error: 'Unsupported content type.' });
  });
});

describe('GET /api/upload/images/:id', () => {
  it('answers 404 for an unknown image', async () => {
    const response = await server.get(`/api/upload/images/${crypto.randomUUID()}`);
    expect(response.status).toBe(404);
  });
});
