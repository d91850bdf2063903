import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, LogOut, Monitor, Moon, ShieldCheck, Sun, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UserInfo } from '../../features/auth/auth-store';
import { THEME_CHOICES, useThemeChoice, type ThemeChoice } from '../../lib/theme';
import { SECURITY_PATH } from '../paths';

const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/** The first letters of the first two words: brackets, quotes and other marks are not initials. */
const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0])
    .filter(Boolean)
    .slice(0, 2)
    .map((letter) => letter!.toUpperCase())
    .join('');

/**
 * The account box: avatar or initials, the best name known (cut short in the header, whole in the
 * menu with the address, as on a phone the header shows none), Edit Profile, the theme and Logout.
 */
export function AccountMenu({ user, onLogout }: { user: UserInfo['user'] | undefined; onLogout: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = user?.name || user?.username || user?.email || t('layout.account');
  const [theme, chooseTheme] = useThemeChoice();
  const themeNames: Record<ThemeChoice, string> = {
    light: t('layout.themeLight'),
    dark: t('layout.themeDark'),
    system: t('layout.themeSystem'),
  };
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        title={name}
        className="flex items-center gap-2 rounded-md px-2 py-1 text-sm text-slate-800 hover:bg-slate-100"
      >
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
          collisionPadding={8}
          className="min-w-44 max-w-[min(20rem,calc(100vw-1rem))] rounded-md bg-white p-1 shadow-lg ring-1 ring-slate-200"
        >
          <DropdownMenu.Label className="px-3 py-2 text-sm">
            <span className="block break-words font-medium text-slate-900">{name}</span>
            {user?.email && user.email !== name && (
              <span className="block break-all text-xs text-slate-600">{user.email}</span>
            )}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            onSelect={() => navigate('/account/profile')}
            className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
          >
            <UserRound className="size-4" aria-hidden />
            {t('layout.editProfile')}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={() => navigate(SECURITY_PATH)}
            className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
          >
            <ShieldCheck className="size-4" aria-hidden />
            {t('security.title')}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Label className="px-3 py-1 text-xs font-medium text-slate-600">
            {t('layout.theme')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            aria-label={t('layout.theme')}
            value={theme}
            onValueChange={(value) => chooseTheme(value as ThemeChoice)}
          >
            {THEME_CHOICES.map((choice) => {
              const Icon = THEME_ICONS[choice];
              return (
                <DropdownMenu.RadioItem
                  key={choice}
                  value={choice}
                  // The menu stays open: the page shows the theme at once, and another may be tried.
                  onSelect={(event) => event.preventDefault()}
                  className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
                >
                  <Icon className="size-4" aria-hidden />
                  {themeNames[choice]}
                  <DropdownMenu.ItemIndicator className="ml-auto">
                    <Check className="size-4" aria-hidden />
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              );
            })}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
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
