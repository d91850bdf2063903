import { createBrowserRouter } from 'react-router';
import { ErrorFallback, ScreenErrorFallback } from './layout/error-fallback';
import { RequireAuth, SignedOutOnly } from './layout/require-auth';

/** What a screen shows while its chunk first loads: nothing, for the few milliseconds it takes. */
const NothingYet = () => null;

/** Every screen is its own chunk: the login screen never downloads the admin lists. */
const lazyRoute = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) => ({
  lazy: async () => ({ Component: (await load())[name] }),
  HydrateFallback: NothingYet,
});

/** A screen of the layout: an error in it is shown in its place, with the menu and header kept. */
const screen = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) => ({
  ...lazyRoute(load, name),
  errorElement: <ScreenErrorFallback />,
});

export const router = createBrowserRouter(
  [
    {
      // Anything outside a screen (the guard, the layout, the sign-in screens) fails as a whole page.
      errorElement: <ErrorFallback />,
      children: [
        { path: 'login', ...lazyRoute(() => import('./routes/login'), 'LoginRoute') },
        { path: 'invite', ...lazyRoute(() => import('./routes/accept-invite'), 'AcceptInviteRoute') },
        { path: 'confirm-email', ...lazyRoute(() => import('./routes/confirm-email'), 'ConfirmEmailRoute') },
        {
          element: <SignedOutOnly />,
          children: [
            { path: 'forgot-password', ...lazyRoute(() => import('./routes/forgot-password'), 'ForgotPasswordRoute') },
            {
              path: 'reset-password/:resetToken',
              ...lazyRoute(() => import('./routes/reset-password'), 'ResetPasswordRoute'),
            },
          ],
        },
        {
          element: <RequireAuth />,
          children: [
            {
              ...lazyRoute(() => import('./layout/admin-layout'), 'AdminLayout'),
              children: [
                { index: true, ...screen(() => import('./routes/home'), 'HomeRoute') },
                { path: 'users', ...screen(() => import('./routes/users'), 'UsersRoute') },
                { path: 'account/profile', ...screen(() => import('./routes/profile'), 'ProfileRoute') },
                { path: 'account/security', ...screen(() => import('./routes/security'), 'SecurityRoute') },
                { path: 'roles', ...screen(() => import('./routes/roles'), 'RolesRoute') },
                { path: 'permissions', ...screen(() => import('./routes/permissions'), 'PermissionsRoute') },
                {
                  path: 'client-permissions',
                  ...screen(() => import('./routes/client-permissions'), 'ClientPermissionsRoute'),
                },
                { path: 'user-roles', ...screen(() => import('./routes/user-roles'), 'UserRolesRoute') },
                { path: 'user-profiles', ...screen(() => import('./routes/user-profiles'), 'UserProfilesRoute') },
                { path: 'invites', ...screen(() => import('./routes/invites'), 'InvitesRoute') },
                { path: 'translations', ...screen(() => import('./routes/translations'), 'TranslationsRoute') },
                { path: 'audit-log', ...screen(() => import('./routes/audit-log'), 'AuditLogRoute') },
                { path: 'messages', ...screen(() => import('./routes/messages'), 'MessagesRoute') },
                { path: 'events', ...screen(() => import('./routes/events'), 'EventsRoute') },
                {
                  path: 'events/:eventId/attendees',
                  ...screen(() => import('./routes/event-attendees'), 'EventAttendeesRoute'),
                },
              ],
            },
          ],
        },
        { path: '*', ...lazyRoute(() => import('./routes/not-found'), 'NotFoundRoute') },
      ],
    },
  ],
  { basename: '/admin' },
);
