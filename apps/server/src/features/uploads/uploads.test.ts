import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../db/schema.js';
import { createSignedInUser } from '../../test/factories.js';
import { startTestServer, type RequestOptions, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const UPLOAD = '/api/upload/profile-image';
const UPLOADED = 'File uploaded successfully! Please update your profile to apply the new image.';
const IMAGE_PATH = /^\/api\/upload\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const MB = 1024 * 1024;

// ---- images built for the tests ----------------------------------------------------------------

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#f00' } });

const noise = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  });

/**
 * A valid 1-bit greyscale PNG of any size, built by hand: a 20000x20000 single-colour image is
 * about 50 KB this way (an 8-bit encoding from sharp would be over the 1 MB limit, and slow).
 */
function blankPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13); // bit depth 1, colour type 0 (grey), no interlace
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1;
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8))); // filter byte 0, black pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- helpers --------------------------------------------------------------------------------------

function fileForm(bytes: Buffer, name = 'avatar.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.append('type', 'image');
  form.append('file', new Blob([bytes], { type }), name);
  return form;
}

const upload = (token: string | undefined, form: FormData) => server.request('POST', UPLOAD, { token, rawBody: form });

const imagesOf = (ownerId: string) => server.deps.db.select().from(images).where(eq(images.ownerId, ownerId));

const imageCount = async () => (await server.deps.db.select({ id: images.id }).from(images)).length;

/** Everything under a directory, to see that an upload wrote no file. */
const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((entry) => path.join(dir, entry));

async function fetchImage(imagePath: string) {
  const response = await fetch(server.baseUrl + imagePath);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

// ---- tests ----------------------------------------------------------------------------------------

describe('POST /api/upload/profile-image', () => {
  it.each([
    ['PNG', () => solid(40, 30).png().toBuffer(), 'avatar.png', 'image/png', 'png'],
    [
      'JPEG with EXIF metadata',
      () =>
        solid(40, 30)
          .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner' } } })
          .jpeg()
          .toBuffer(),
      'photo.jpg',
      'image/jpeg',
      'jpeg',
    ],
    ['WebP', () => solid(40, 30).webp().toBuffer(), 'avatar.webp', 'image/webp', 'webp'],
    ['GIF', () => solid(40, 30).gif().toBuffer(), 'avatar.gif', 'image/gif', 'gif'],
  ])('stores a %s and serves it to anyone for a year', async (_label, make, name, contentType, format) => {
    const member = await createSignedInUser(server);

    const response = await upload(member.token, fileForm(await make(), name, contentType));

    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: UPLOADED, filePaths: [{ path: expect.stringMatching(IMAGE_PATH) }] });
    const imagePath: string = response.body.filePaths[0].path;
    const { response: served, bytes } = await fetchImage(imagePath);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(contentType);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(bytes).metadata()).toMatchObject({ format, width: 40, height: 30 });
    const rows = await imagesOf(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: IMAGE_PATH.exec(imagePath)![1], contentType });
    expect(Buffer.from(rows[0]!.data).equals(bytes)).toBe(true);
  });

  it('strips the EXIF metadata of a JPEG', async () => {
    const member = await createSignedInUser(server);
    const jpeg = await solid(64, 64)
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner' } } })
      .jpeg()
      .toBuffer();
    expect(jpeg.toString('latin1')).toContain('secret-owner');

    const response = await upload(member.token, fileForm(jpeg, 'photo.jpg', 'image/jpeg'));

    expect(response.status).toBe(201);
    const { bytes } = await fetchImage(response.body.filePaths[0].path);
    expect(bytes.toString('latin1')).not.toContain('secret-owner');
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    const [row] = await imagesOf(member.id);
    expect(Buffer.from(row!.data).toString('latin1')).not.toContain('secret-owner');
  });

  it('scales a large image within the pixel limit down to 1024 pixels', async () => {
    const member = await createSignedInUser(server);
    const response = await upload(member.token, fileForm(blankPng(6000, 3000)));
    expect(response.status).toBe(201);
    const { bytes } = await fetchImage(response.body.filePaths[0].path);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 1024, height: 512 });
    expect(await imagesOf(member.id)).toHaveLength(1);
  });

  it('stores a file whose name has path characters under a fresh id, writing no file', async () => {
    const member = await createSignedInUser(server);
    const filesBefore = filesUnder(server.dataDir);

    const response = await upload(member.token, fileForm(await solid(4, 4).png().toBuffer(), '../../etc/passwd.png'));

    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: UPLOADED, filePaths: [{ path: expect.stringMatching(IMAGE_PATH) }] });
    const [row] = await imagesOf(member.id);
    expect(row!.id).toBe(IMAGE_PATH.exec(response.body.filePaths[0].path)![1]);
    expect(filesUnder(server.dataDir)).toEqual(filesBefore);
    expect(fs.existsSync('/etc/passwd.png')).toBe(false);
  });

  it.each<[string, () => Promise<RequestOptions>, number, string]>([
    [
      'a file over 1 MB',
      async () => {
        const big = await noise(800, 800).png().toBuffer();
        expect(big.length).toBeGreaterThan(MB);
        return { rawBody: fileForm(big) };
      },
      413,
      'File size exceeds 1MB limit. Please upload a smaller file.',
    ],
    [
      'HTML named avatar.png',
      async () => ({ rawBody: fileForm(Buffer.from('<!doctype html><script>alert(1)</script>')) }),
      415,
      'Only PNG, JPEG, WebP or GIF images are accepted.',
    ],
    [
      'SVG named avatar.png',
      async () => ({
        rawBody: fileForm(
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>'),
        ),
      }),
      415,
      'Only PNG, JPEG, WebP or GIF images are accepted.',
    ],
    [
      'a small PNG declaring 20000x20000 pixels',
      async () => {
        const bomb = blankPng(20000, 20000);
        expect(bomb.length).toBeLessThan(100 * 1024);
        expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
          width: 20000,
          height: 20000,
        });
        return { rawBody: fileForm(bomb) };
      },
      413,
      'The image dimensions are too large.',
    ],
    [
      'a form without a file',
      async () => {
        const form = new FormData();
        form.append('type', 'image');
        return { rawBody: form };
      },
      400,
      'Please choose a file to upload.',
    ],
    ['a JSON body', async () => ({ body: { file: 'avatar.png', type: 'image' } }), 415, 'Unsupported content type.'],
    [
      'a plain text body',
      async () => ({ rawBody: 'avatar', headers: { 'content-type': 'text/plain' } }),
      415,
      'Unsupported content type.',
    ],
  ])('refuses %s and stores nothing', async (_label, request, status, error) => {
    const member = await createSignedInUser(server);

    const response = await server.request('POST', UPLOAD, { token: member.token, ...(await request()) });

    expect(response.status).toBe(status);
    expect(response.body).toEqual({ error });
    expect(await imagesOf(member.id)).toEqual([]);
  });

  it('answers 401 without a token and stores nothing', async () => {
    const before = await imageCount();
    const response = await upload(undefined, fileForm(await solid(4, 4).png().toBuffer()));
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Please sign in to continue.' });
    expect(await imageCount()).toBe(before);
  });
});

describe('what an upload may be, and how many', () => {
  it.each([
    ['document', 'document'],
    ['missing', undefined],
  ])('answers 400 to a type that is %s, storing nothing', async (_label, type) => {
    const member = await createSignedInUser(server);
    const form = new FormData();
    if (type) form.append('type', type);
    form.append('file', new Blob([await solid(4, 4).png().toBuffer()], { type: 'image/png' }), 'a.png');
    const response = await upload(member.token, form);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Type must be image' });
    expect(await imagesOf(member.id)).toEqual([]);
  });

  it('L4: refuses an animation of more than 100 frames before re-encoding it', async () => {
    const member = await createSignedInUser(server);
    const frames = (pages: number) =>
      sharp({
        create: {
          width: 2,
          height: 2 * pages,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
          pageHeight: 2,
        },
      })
        .gif()
        .toBuffer();
    const refused = await upload(member.token, fileForm(await frames(101), 'many.gif', 'image/gif'));
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ error: 'The image has too many frames.' });
    expect(await imagesOf(member.id)).toEqual([]);
    expect((await upload(member.token, fileForm(await frames(100), 'ok.gif', 'image/gif'))).status).toBe(201);
  });

  it('I11: refuses an SVG by its first bytes, before any image parser reads it', async () => {
    const member = await createSignedInUser(server);
    // Were it parsed, the SVG library would measure it and the answer would be about its size.
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000"><rect width="9" height="9"/></svg>';
    const response = await upload(member.token, fileForm(Buffer.from(svg)));
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ error: 'Only PNG, JPEG, WebP or GIF images are accepted.' });
  });

  it('L4: takes 20 uploads an hour from one person', async () => {
    const member = await createSignedInUser(server);
    const png = await solid(4, 4).png().toBuffer();
    for (let i = 0; i < 20; i++) expect((await upload(member.token, fileForm(png))).status).toBe(201);
    const refused = await upload(member.token, fileForm(png));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too many requests. Please try again later.' });
  });

  it('L4: keeps only the image the profile shows and the upload about to be applied', async () => {
    const member = await createSignedInUser(server);
    const png = await solid(4, 4).png().toBuffer();
    const uploadOne = async () => (await upload(member.token, fileForm(png))).body.filePaths[0].path as string;
    const ids = async () => (await imagesOf(member.id)).map((image) => image.id).sort();
    const idOf = (imagePath: string) => IMAGE_PATH.exec(imagePath)![1]!;

    const shown = await uploadOne();
    expect((await server.post('/api/auth/my-profile', { name: member.name, image: shown }, member.token)).status).toBe(
      200,
    );
    await uploadOne();
    const latest = await uploadOne();
    expect(await ids()).toEqual([idOf(shown), idOf(latest)].sort());

    expect((await server.post('/api/auth/my-profile', { name: member.name, image: latest }, member.token)).status).toBe(
      200,
    );
    expect(await ids()).toEqual([idOf(latest)]);
    expect((await fetchImage(shown)).response.status).toBe(404);
  });

  it('L4: a deleted person’s images go with them', async () => {
    const member = await createSignedInUser(server);
    const uploaded = await upload(member.token, fileForm(await solid(4, 4).png().toBuffer()));
    const imagePath: string = uploaded.body.filePaths[0].path;
    expect((await server.del(`/api/auth/users/${member.id}`, await server.adminToken())).status).toBe(200);
    const left = await server.deps.db
      .select()
      .from(images)
      .where(eq(images.id, IMAGE_PATH.exec(imagePath)![1]!));
    expect(left).toEqual([]);
    expect((await fetchImage(imagePath)).response.status).toBe(404);
  });
});

describe('GET /api/upload/images/:id', () => {
  it('answers 404 for an unknown image', async () => {
    const response = await server.get(`/api/upload/images/${crypto.randomUUID()}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Image not found.' });
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const response = await server.get('/api/upload/images/..%2F..%2Fetc%2Fpasswd');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'The id is not valid.' });
  });
});
