import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import {
  apiRoutes,
  imageIdFromPath,
  listQuerySchema,
  listResponseSchema,
  messages,
  myProfileResponseSchema,
  profileSchema,
  updateMyProfileBodySchema,
} from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { profiles, users } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/passwords.js';
import { currentUser } from '../../plugins/access.js';
import { notifyUser, passwordChangedNotification } from '../notifications/notify.js';
import { findProfile, imageExists, listUserProfiles } from './profiles.queries.js';

export function registerProfileRoutes(app: FastifyInstance, { db, tokens }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profiles'];

  r.get(
    apiRoutes.userProfiles,
    {
      schema: {
        summary: 'List user profiles',
        tags,
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(profileSchema) },
      },
    },
    (request) => listUserProfiles(db, request.query),
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
      return { profile };
    },
  );

  r.post(
    apiRoutes.myProfile,
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Update my profile',
        description: 'A new password ends every other session and answers with a fresh token.',
        tags,
        body: updateMyProfileBodySchema,
        response: { 200: myProfileResponseSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { name, phone, address, bio, image, password } = request.body;
      if (image && !(await imageExists(db, imageIdFromPath(image)))) {
        throw new AppError('bad_request', messages.imageNotUploaded);
      }
      const passwordHash = password ? await hashPassword(password) : undefined;
      const tokenVersion = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({
            name,
            ...(image ? { avatarUrl: image } : {}),
            ...(passwordHash ? { passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
            updatedAt: new Date(),
          })
          .where(eq(users.id, me.id))
          .returning({ tokenVersion: users.tokenVersion });
        const fields = { phone, address, bio, ...(image ? { image } : {}), updatedAt: new Date() };
        await tx
          .insert(profiles)
          .values({ userId: me.id, ...fields })
          .onConflictDoUpdate({ target: profiles.userId, set: fields });
        if (passwordHash) await notifyUser(tx, me.id, passwordChangedNotification);
        return updated!.tokenVersion;
      });
      const profile = (await findProfile(db, me.id))!;
      if (!passwordHash) return { profile };
      return { profile, token: await tokens.sign({ userId: me.id, version: tokenVersion }) };
    },
  );
}
