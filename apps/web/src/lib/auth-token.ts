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
