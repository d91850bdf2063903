import { storageKeys } from './storage-keys';

/**
 * The token of the stored sign-in, read where the auth store writes it (`userInfo`), so the HTTP
 * layer needs no feature: a missing or damaged entry is no sign-in.
 */
export function readAuthToken(): string | undefined {
  try {
    const userInfo = JSON.parse(localStorage.getItem(storageKeys.userInfo) ?? 'null') as { token?: unknown } | null;
    return typeof userInfo?.token === 'string' ? userInfo.token : undefined;
  } catch {
    return undefined;
  }
}

/** Told on `window` when a page forgets a sign-in the server refused. */
export const SIGN_IN_ENDED = 'community:sign-in-ended';

/**
 * A sign-in the server refused (401) is forgotten, as the admin app forgets it, when it is still
 * the one stored: a request that left with a token replaced meanwhile ends nothing.
 */
export function forgetRefusedSignIn(sentToken: string): void {
  if (readAuthToken() !== sentToken) return;
  localStorage.removeItem(storageKeys.userInfo);
  localStorage.removeItem(storageKeys.userRole);
  window.dispatchEvent(new Event(SIGN_IN_ENDED));
}
