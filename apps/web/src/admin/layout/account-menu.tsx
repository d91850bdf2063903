import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UserInfo } from '../../features/auth/auth-store';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** The account box: avatar or initials, the best name known, Edit Profile and Logout. */
export function AccountMenu({ user, onLogout }: { user: UserInfo['user'] | undefined; onLogout: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = user?.name || user?.username || user?.email || t('layout.account');
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-md px-2 py-1 text-sm text-slate-800 hover:bg-slate-100">
        {user?.avatarUrl ? (
          <img src={user.avatarUrl} alt="" width={28} height={28} className="size-7 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden
            className="flex size-7 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white"
          >
            {initialsOf(name)}
          </span>
        )}
        <span className="max-w-40 truncate max-sm:sr-only">{name}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="min-w-44 rounded-md bg-white p-1 shadow-lg ring-1 ring-slate-200"
        >
          <DropdownMenu.Item
            onSelect={() => navigate('/account/profile')}
            className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
          >
            <UserRound className="size-4" aria-hidden />
            {t('layout.editProfile')}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={onLogout}
            className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
          >
            <LogOut className="size-4" aria-hidden />
            {t('layout.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
