import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  confirmRegistrationBodySchema,
  createInviteBodySchema,
  deletedSchema,
  idParamsSchema,
  inviteSchema,
  inviteTokenParamsSchema,
  inviteValidationSchema,
  bulkResultSchema,
  INVITE_BULK_ACTION_CALLS,
  inviteBulkBodySchema,
  inviteFiltersSchema,
  inviteListQuerySchema,
  listResponseSchema,
  messageResponseSchema,
  messages,
  registerInviteBodySchema,
} from '@community/shared';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { eachOf } from '../../lib/bulk.js';
import { assertMayAlsoCall } from '../../plugins/access.js';
import { csvStream, sendCsv } from '../../lib/csv.js';
import { contextOf, signedInContextOf } from '../../lib/request-context.js';
import { withholdLinkBeyondGrants, withholdLinksBeyondGrants, withholdingLinks } from './invite-links.js';
import {
  exportInvites,
  findInviteByToken,
  INVITES_CSV_HEADER,
  inviteCsvCells,
  listInvites,
  toValidation,
  usesOf,
} from './invites.queries.js';
import {
  approveInvite,
  confirmRegistration,
  createInvite,
  deleteInvite,
  registerThroughInvite,
  rejectInvite,
  resendInvite,
  revokeInvite,
} from './invites.service.js';

export function registerInviteRoutes(app: FastifyInstance, { db, mail, config, limits, access }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invites'];
  const { publicUrl } = config;
  const deps = { db, mail, publicUrl };

  r.get(
    apiRoutes.invites,
    {
      schema: {
        summary: 'List invites',
        description:
          'Newest first unless `sort` says otherwise (createdAt or expiresAt; `-` for descending); `status` filters by the status the list shows.',
        tags,
        querystring: inviteListQuerySchema,
        response: { 200: listResponseSchema(inviteSchema) },
      },
    },
    async (request) => {
      const page = await listInvites(db, publicUrl, request.query);
      return { ...page, data: await withholdLinksBeyondGrants(db, signedInContextOf(request).actor, page.data) };
    },
  );

  r.get(
    `${apiRoutes.invites}/export.csv`,
    {
      schema: {
        summary: 'Invites as CSV',
        description: 'The same filters and order as the list, every matching invite, streamed (UTF-8 with BOM).',
        tags,
        querystring: inviteFiltersSchema,
        produces: ['text/csv'],
        response: { 200: z.any().describe('text/csv') },
      },
    },
    (request, reply) =>
      sendCsv(
        reply,
        'invites',
        csvStream(
          INVITES_CSV_HEADER,
          withholdingLinks(db, signedInContextOf(request).actor, exportInvites(db, publicUrl, request.query)),
          inviteCsvCells,
        ),
      ),
  );

  r.post(
    `${apiRoutes.invites}/bulk`,
    {
      schema: {
        summary: 'One action on many invites',
        description:
          'revoke or delete up to 1,000 invites; each is checked and changed on its own, and the answer lists the ids done and those refused with the reason.',
        tags,
        body: inviteBulkBodySchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (request) => {
      await assertMayAlsoCall(access, request, INVITE_BULK_ACTION_CALLS[request.body.action]);
      return eachOf(request, request.body.ids, (id) =>
        request.body.action === 'revoke'
          ? revokeInvite(deps, contextOf(request), id)
          : deleteInvite(db, contextOf(request), id),
      );
    },
  );

  r.post(
    apiRoutes.invites,
    {
      schema: {
        summary: 'Create an invite link',
        description:
          'Without an email any account may use it; with one, the invite is mailed there. Hours default to 48.',
        tags,
        body: createInviteBodySchema,
        response: { 201: inviteSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createInvite(deps, signedInContextOf(request), request.body)),
  );

  r.delete(
    `${apiRoutes.invites}/:id`,
    {
      config: { errors: [409] },
      schema: {
        summary: 'Delete an invite',
        description: 'Refused while a registration through it awaits its address or an administrator.',
        tags,
        params: idParamsSchema,
        response: { 200: deletedSchema },
      },
    },
    async (request) => {
      await deleteInvite(db, contextOf(request), request.params.id);
      return { _id: request.params.id };
    },
  );

  r.post(
    `${apiRoutes.invites}/:id/approve`,
    {
      config: { errors: [409] },
      schema: {
        summary: 'Approve the registration made through an invite',
        tags,
        params: idParamsSchema,
        response: { 200: inviteSchema },
      },
    },
    async (request) => {
      const context = signedInContextOf(request);
      return withholdLinkBeyondGrants(db, context.actor, await approveInvite(deps, context, request.params.id));
    },
  );

  r.post(
    `${apiRoutes.invites}/:id/reject`,
    {
      config: { errors: [409] },
      schema: {
        summary: 'Reject the registration made through an invite',
        description: 'The waiting account is removed.',
        tags,
        params: idParamsSchema,
        response: { 200: inviteSchema },
      },
    },
    async (request) => {
      const invite = await rejectInvite(deps, contextOf(request), request.params.id);
      return withholdLinkBeyondGrants(db, signedInContextOf(request).actor, invite);
    },
  );

  r.post(
    `${apiRoutes.invites}/:id/revoke`,
    {
      config: { errors: [409] },
      schema: {
        summary: 'Revoke an invite',
        description:
          'The link stops working. A registration still confirming its address through it ends, with its account.',
        tags,
        params: idParamsSchema,
        response: { 200: inviteSchema },
      },
    },
    async (request) => {
      const invite = await revokeInvite(deps, contextOf(request), request.params.id);
      return withholdLinkBeyondGrants(db, signedInContextOf(request).actor, invite);
    },
  );

  r.post(
    `${apiRoutes.invites}/:id/resend`,
    {
      config: { errors: [409] },
      schema: {
        summary: 'Mail an invite again',
        description: 'Only an unused invite that names an email; its expiry starts again and the link stays the same.',
        tags,
        params: idParamsSchema,
        response: { 200: inviteSchema },
      },
    },
    async (request) => {
      const context = signedInContextOf(request);
      return withholdLinkBeyondGrants(db, context.actor, await resendInvite(deps, context, request.params.id));
    },
  );

  r.get(
    `${apiRoutes.validateInvite}/:token`,
    {
      config: { access: 'public', errors: [429] },
      schema: {
        summary: 'Check an invite before using it',
        description: 'Never uses the invite up.',
        tags,
        security: [],
        params: inviteTokenParamsSchema,
        response: { 200: inviteValidationSchema },
      },
    },
    async (request) => {
      await limits.consume('tokenChecksPerIp', request.ip);
      const invite = await findInviteByToken(db, request.params.token);
      return toValidation(invite, invite && invite.maxUses > 1 ? await usesOf(db, invite.id) : 0);
    },
  );

  r.post(
    apiRoutes.registerInvite,
    {
      config: { access: 'public', errors: [409, 429] },
      schema: {
        summary: 'Register through an invite',
        description:
          'Creates an account and mails a link that confirms its address; once opened, an administrator approves or rejects it.',
        tags,
        security: [],
        body: registerInviteBodySchema,
        response: { 201: messageResponseSchema },
      },
    },
    async (request, reply) => {
      await limits.consume('registrationPerIp', request.ip);
      await registerThroughInvite(deps, contextOf(request), request.body);
      return reply.code(201).send({ message: messages.registrationConfirmMail(request.body.email) });
    },
  );

  r.post(
    apiRoutes.confirmRegistration,
    {
      config: { access: 'public', errors: [429] },
      schema: {
        summary: 'Confirm the address of a registration',
        description: 'The link mailed at registration works once, within 24 hours.',
        tags,
        security: [],
        body: confirmRegistrationBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await limits.consume('tokenChecksPerIp', request.ip);
      await confirmRegistration(db, contextOf(request), request.body.token);
      return { message: messages.registrationSubmitted };
    },
  );
}
