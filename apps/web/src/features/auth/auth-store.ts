import { useSyncExternalStore } from 'react';
import type { LoginResponse } from '@community/shared';
import { onUnauthorized } from '../../lib/api-client';
import { storageKeys } from '../../lib/storage-keys';

export type UserInfo = Omit<LoginResponse, 'roles'>;
type AuthState = {
  userInfo: UserInfo | null;
  userRole: LoginResponse['roles'];
  /** Set by the Logout button: the guard then goes to the login without asking to come back. */
  hasLoggedOut?: boolean;
  /** Set when the server refused a sign-in it had given (ended elsewhere, expired): the login says so. */
  hasEnded?: boolean;
};

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

let state: AuthState = {
  userInfo: read<UserInfo | null>(storageKeys.userInfo, null),
  userRole: read<LoginResponse['roles']>(storageKeys.userRole, []),
};
const listeners = new Set<() => void>();

function write(next: AuthState) {
  state = next;
  if (next.userInfo) localStorage.setItem(storageKeys.userInfo, JSON.stringify(next.userInfo));
  else localStorage.removeItem(storageKeys.userInfo);
  if (next.userInfo) localStorage.setItem(storageKeys.userRole, JSON.stringify(next.userRole));
  else localStorage.removeItem(storageKeys.userRole);
  listeners.forEach((listener) => listener());
}

/** The signed-in user, kept in localStorage (`userInfo`, `userRole`) and shared by every tab. */
export const authStore = {
  get: () => state,
  signIn: ({ roles, ...userInfo }: LoginResponse) => write({ userInfo, userRole: roles }),
  /** A new token after a password change keeps the session going. */
  replaceToken: (token: string) => state.userInfo && write({ ...state, userInfo: { ...state.userInfo, token } }),
  /** Keeps the name and avatar shown in the menu in step with a saved profile. */
  updateUser: (changes: Partial<UserInfo['user']>) =>
    state.userInfo &&
    write({ ...state, userInfo: { ...state.userInfo, user: { ...state.userInfo.user, ...changes } } }),
  /** Forgets the stored sign-in; `hasLoggedOut` when the person pressed Logout, `hasEnded` when the server ended it. */
  signOut: ({ hasLoggedOut = false, hasEnded = false } = {}) =>
    write({ userInfo: null, userRole: [], hasLoggedOut, hasEnded }),
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

window.addEventListener('storage', (event) => {
  if (event.key === storageKeys.userInfo || event.key === storageKeys.userRole || event.key === null) {
    state = {
      userInfo: read<UserInfo | null>(storageKeys.userInfo, null),
      userRole: read<LoginResponse['roles']>(storageKeys.userRole, []),
    };
    listeners.forEach((listener) => listener());
  }
});

// Any 401 answer ends the stored sign-in; one that was held is said to have ended (a wrong
// password while signed out is a 401 too).
onUnauthorized(() => authStore.signOut({ hasEnded: state.userInfo !== null }));

export const useAuth = () => useSyncExternalStore(authStore.subscribe, authStore.get);
