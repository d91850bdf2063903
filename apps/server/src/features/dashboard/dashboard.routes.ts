import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiRoutes, dashboardSchema, type DashboardCard } from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { currentUser } from '../../plugins/access.js';
import { activityCard, membersCard, messagesCard, registrationsCard } from './dashboard.queries.js';

/** Each card, and the list it sums up: a card shows only to whoever may read that list. */
const CARDS: { route: string; read: (deps: AppDeps) => Promise<DashboardCard> }[] = [
  { route: apiRoutes.invites, read: ({ db }) => registrationsCard(db) },
  { route: apiRoutes.contactMessages, read: ({ db }) => messagesCard(db) },
  { route: apiRoutes.users, read: ({ db, config }) => membersCard(db, config.siteTimeZone) },
  { route: apiRoutes.auditLog, read: ({ db }) => activityCard(db) },
];

export function registerDashboardRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    apiRoutes.dashboard,
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'The admin home: what needs attention',
        description:
          'Cards `registrations`, `messages`, `members` and `activity`, each only for those whose permissions let them read its list.',
        tags: ['dashboard'],
        response: { 200: dashboardSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const allowed = await Promise.all(CARDS.map((card) => deps.access.mayCall(user, 'GET', card.route)));
      const cards = await Promise.all(CARDS.filter((_card, i) => allowed[i]).map((card) => card.read(deps)));
      return { cards };
    },
  );
}
