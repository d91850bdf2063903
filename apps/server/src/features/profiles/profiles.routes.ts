import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  listQuerySchema,
  listResponseSchema,
  messages,
  myProfileResponseSchema,
  profileSchema,
  updateMyProfileBodySchema,
  userFiltersSchema,
  userListQuerySchema,
} from '@community/shared';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { csvStream, sendCsv } from '../../lib/csv.js';
import { AppError } from '../../lib/app-error.js';
import { signedInContextOf } from '../../lib/request-context.js';
import { currentUser } from '../../plugins/access.js';
import {
  exportUserProfiles,
  findProfile,
  listUserProfiles,
  mailSettingsOf,
  PROFILES_CSV_HEADER,
  profileCsvCells,
} from './profiles.queries.js';
import { updateMyProfile } from './profiles.service.js';

export function registerProfileRoutes(app: FastifyInstance, { db, mail, tokens, limits }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profiles'];

  r.get(
    apiRoutes.userProfiles,
    {
      schema: {
        summary: 'List user profiles',
        description: 'The users list with profile fields: the same order, search and filters.',
        tags,
        querystring: userListQuerySchema,
        response: { 200: listResponseSchema(profileSchema) },
      },
    },
    (request) => listUserProfiles(db, request.query),
  );

  r.get(
    `${apiRoutes.userProfiles}/export.csv`,
    {
      schema: {
        summary: 'User profiles as CSV',
        description: 'The same filters and order as the list, every matching profile, streamed (UTF-8 with BOM).',
        tags,
        querystring: userFiltersSchema,
        produces: ['text/csv'],
        response: { 200: z.any().describe('text/csv') },
      },
    },
    (request, reply) =>
      sendCsv(
        reply,
        'user-profiles',
        csvStream(PROFILES_CSV_HEADER, exportUserProfiles(db, request.query), profileCsvCells),
      ),
  );

  r.get(
    apiRoutes.myProfile,
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'My profile',
        tags,
        querystring: listQuerySchema,
        response: { 200: myProfileResponseSchema },
      },
    },
    async (request) => {
      const profile = await findProfile(db, currentUser(request).id);
      if (!profile) throw new AppError('not_found', messages.notFound('Profile'));
      return { profile, ...(await mailSettingsOf(db, currentUser(request).id)) };
    },
  );

  r.post(
    apiRoutes.myProfile,
    {
      config: { access: 'signed-in', errors: [429] },
      schema: {
        summary: 'Update my profile',
        description: 'A new password ends every other session and answers with a fresh token.',
        tags,
        body: updateMyProfileBodySchema,
        response: { 200: myProfileResponseSchema },
      },
    },
    (request) => updateMyProfile({ db, mail, tokens, limits }, signedInContextOf(request), request.body),
  );
}
