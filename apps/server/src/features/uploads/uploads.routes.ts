import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_PROFILE_IMAGE_BYTES, apiRoutes, idParamsSchema, messages, uploadResponseSchema } from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { images } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { currentUser } from '../../plugins/access.js';
import { processProfileImage } from './profile-image.js';

export async function registerUploadRoutes(app: FastifyInstance, { db }: AppDeps) {
  await app.register(multipart, {
    limits: { fileSize: MAX_PROFILE_IMAGE_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['uploads'];

  r.post(
    apiRoutes.profileImage,
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Upload a profile image',
        description: 'multipart/form-data with `file` (PNG, JPEG, WebP or GIF, at most 1 MB) and `type=image`.',
        tags,
        consumes: ['multipart/form-data'],
        response: { 201: uploadResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('unsupported_media_type', messages.unsupportedMediaType);
      const file = await request.file();
      if (!file) throw new AppError('bad_request', messages.noFile);
      const input = await file.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('too_large', messages.fileTooLarge);
        throw error;
      });
      if (file.file.truncated) throw new AppError('too_large', messages.fileTooLarge);
      const image = await processProfileImage(input);
      const id = newId();
      await db.insert(images).values({ id, ownerId: currentUser(request).id, ...image });
      return reply.code(201).send({
        message: 'File uploaded successfully! Please update your profile to apply the new image.',
        filePaths: [{ path: `${apiRoutes.images}/${id}` }],
      });
    },
  );

  r.get(
    `${apiRoutes.images}/:id`,
    {
      config: { access: 'public' },
      schema: { summary: 'A stored image', tags, security: [], params: idParamsSchema, response: { 200: z.any() } },
    },
    async (request, reply) => {
      const [image] = await db
        .select({ data: images.data, contentType: images.contentType })
        .from(images)
        .where(eq(images.id, request.params.id))
        .limit(1);
      if (!image) throw new AppError('not_found', messages.notFound('Image'));
      // An id names one immutable image, so browsers and proxies may keep it for a year.
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${request.params.id}"`)
        .header('cross-origin-resource-policy', 'same-site')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(image.data);
    },
  );
}
