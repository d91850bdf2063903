import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../../features/auth/auth-store';

/**
 * Without a stored sign-in, go to the login, which comes back to the requested path (`next`);
 * after Logout it does not ask to come back.
 */
export function RequireAuth() {
  const { userInfo, hasLoggedOut } = useAuth();
  const location = useLocation();
  if (userInfo) return <Outlet />;
  if (hasLoggedOut) return <Navigate to="/login" replace />;
  const next = `/admin${location.pathname === '/' ? '' : location.pathname}${location.search}`;
  return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace state={{ from: location }} />;
}

/** Signed-in users have no business on the forgot and reset screens. */
export function SignedOutOnly() {
  const { userInfo } = useAuth();
  return userInfo ? <Navigate to="/" replace /> : <Outlet />;
}
