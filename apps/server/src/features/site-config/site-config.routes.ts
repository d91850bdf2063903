import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiRoutes, siteConfigSchema, type SiteConfig } from '@community/shared';
import type { AppDeps } from '../../app-deps.js';

/** Settings the browser needs, fixed for the life of the process. */
export function registerSiteConfigRoutes(app: FastifyInstance, { config }: AppDeps) {
  const siteConfig: SiteConfig = {
    googleClientId: config.googleClientId ?? null,
    site: { ...config.site, timeZone: config.siteTimeZone },
  };
  app.withTypeProvider<ZodTypeProvider>().get(
    apiRoutes.siteConfig,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Settings of this installation',
        tags: ['site'],
        security: [],
        response: { 200: siteConfigSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(siteConfig),
  );
}
