import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authStore } from '../../features/auth/auth-store';
import { getMyProfileQueryOptions } from '../../features/profiles/api/get-my-profile';

/**
 * The name, address and picture in the header as the profile has them now: saved on another
 * device or changed by an administrator, they show once this window is opened or looked at again,
 * not only after signing in anew.
 */
export function useFreshUser(isSignedIn: boolean): void {
  const mine = useQuery({ ...getMyProfileQueryOptions(), enabled: isSignedIn, refetchOnWindowFocus: true });
  const profile = mine.data?.profile;
  useEffect(() => {
    const user = authStore.get().userInfo?.user;
    if (!profile || user?._id !== profile.user._id) return;
    const now = { name: profile.name, email: profile.user.email, avatarUrl: profile.image };
    if (user.name !== now.name || user.email !== now.email || user.avatarUrl !== now.avatarUrl)
      authStore.updateUser(now);
  }, [profile]);
}
