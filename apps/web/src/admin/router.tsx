import { createBrowserRouter } from 'react-router';
import { ErrorFallback } from './layout/error-fallback';
import { RequireAuth, SignedOutOnly } from './layout/require-auth';

/** Every screen is its own chunk: the login screen never downloads the admin lists. */
const lazyRoute = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) => ({
  lazy: async () => ({ Component: (await load())[name] }),
});

export const router = createBrowserRouter(
  [
    {
      errorElement: <ErrorFallback />,
      children: [
        { path: 'login', ...lazyRoute(() => import('./routes/login'), 'LoginRoute') },
        { path: 'invite', ...lazyRoute(() => import('./routes/accept-invite'), 'AcceptInviteRoute') },
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
                { index: true, ...lazyRoute(() => import('./routes/home'), 'HomeRoute') },
                { path: 'users', ...lazyRoute(() => import('./routes/users'), 'UsersRoute') },
                { path: 'account/profile', ...lazyRoute(() => import('./routes/profile'), 'ProfileRoute') },
                { path: 'roles', ...lazyRoute(() => import('./routes/roles'), 'RolesRoute') },
                { path: 'permissions', ...lazyRoute(() => import('./routes/permissions'), 'PermissionsRoute') },
                {
                  path: 'client-permissions',
                  ...lazyRoute(() => import('./routes/client-permissions'), 'ClientPermissionsRoute'),
                },
                { path: 'user-roles', ...lazyRoute(() => import('./routes/user-roles'), 'UserRolesRoute') },
                { path: 'user-profiles', ...lazyRoute(() => import('./routes/user-profiles'), 'UserProfilesRoute') },
                { path: 'invites', ...lazyRoute(() => import('./routes/invites'), 'InvitesRoute') },
                { path: 'translations', ...lazyRoute(() => import('./routes/translations'), 'TranslationsRoute') },
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
