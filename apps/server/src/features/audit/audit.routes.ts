import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes, auditEventSchema, auditLogQuerySchema, listResponseSchema } from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { csvStream, sendCsv } from '../../lib/csv.js';
import { AUDIT_CSV_HEADER, auditCsvCells, exportAuditEvents, listAuditEvents } from './audit-log.queries.js';

export function registerAuditRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['audit'];

  r.get(
    apiRoutes.auditLog,
    {
      schema: {
        summary: 'The audit log',
        description:
          'Every change and sign-in outcome, newest first (`sort=at` for oldest first); filters: actor (a user id), action (exact, or a prefix ending in a dot), targetType, targetId, from and to (ISO dates or date-times; `to` excluded).',
        tags,
        querystring: auditLogQuerySchema,
        response: { 200: listResponseSchema(auditEventSchema) },
      },
    },
    (request) => listAuditEvents(db, request.query),
  );

  r.get(
    `${apiRoutes.auditLog}/export.csv`,
    {
      schema: {
        summary: 'The audit log as CSV',
        description: 'The same filters and order as the list, every matching entry, streamed (UTF-8 with BOM).',
        tags,
        querystring: auditLogQuerySchema.omit({ page: true, limit: true }),
        produces: ['text/csv'],
        response: { 200: z.any().describe('text/csv') },
      },
    },
    (request, reply) =>
      sendCsv(reply, 'audit-log', csvStream(AUDIT_CSV_HEADER, exportAuditEvents(db, request.query), auditCsvCells)),
  );
}
