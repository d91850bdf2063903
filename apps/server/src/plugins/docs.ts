import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_VERSION } from '../lib/version.js';

const API_TITLE = 'Community platform API';

/** The OpenAPI document is generated from the same zod schemas that validate requests. */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: API_TITLE, version: PRODUCT_VERSION },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { schema: { hide: true }, config: { access: 'public' } }, async () => app.swagger());
}
