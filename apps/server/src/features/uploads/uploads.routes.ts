import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes, idParamsSchema, messages, uploadResponseSchema } from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { signedInContextOf } from '../../lib/request-context.js';
import { findImage } from './images.queries.js';
import { storeProfileImage } from './uploads.service.js';
import { processProfileImage } from './profile-image.js';

/** The form's `type` field and its one file, in whichever order they come. */
async function readUpload(request: FastifyRequest): Promise<{ type: unknown; file: Buffer | undefined }> {
  let type: unknown;
  let file: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (part.fieldname === 'type') type = part.value;
      continue;
    }
    file = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('too_large', messages.fileTooLarge);
      throw error;
    });
    if (part.file.truncated) throw new AppError('too_large', messages.fileTooLarge);
  }
  return { type, file };
}

export function registerUploadRoutes(app: FastifyInstance, { db, limits }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['uploads'];

  r.post(
    apiRoutes.profileImage,
    {
      config: { access: 'signed-in', errors: [413, 415, 429] },
      schema: {
        summary: 'Upload a profile image',
        description:
          'multipart/form-data with `type=image` and `file` (PNG, JPEG, WebP or GIF, at most 1 MB and 100 frames); 20 an hour per person. The person’s earlier uploads that their profile does not show are deleted.',
        tags,
        consumes: ['multipart/form-data'],
        response: { 201: uploadResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('unsupported_media_type', messages.unsupportedMediaType);
      const context = signedInContextOf(request);
      await limits.consume('uploadsPerUser', context.actor.id);
      const { type, file } = await readUpload(request);
      if (type !== 'image') throw new AppError('bad_request', messages.uploadType);
      if (!file) throw new AppError('bad_request', messages.noFile);
      const id = await storeProfileImage(db, context, await processProfileImage(file));
      return reply.code(201).send({
        message: messages.uploaded,
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
      const image = await findImage(db, request.params.id);
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
