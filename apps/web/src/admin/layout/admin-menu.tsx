import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { ClientPermission } from '@community/shared';
import { groupCategories, type MenuGroup } from '../../features/client-permissions/group-categories';
import { useUserCategories } from '../../features/client-permissions/api/get-user-categories';
import { useAuth } from '../../features/auth/auth-store';

const linkClass = (isActive: boolean) =>
  `block rounded px-3 py-1.5 text-sm ${isActive ? 'bg-brand-50 font-medium text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`;

/** The account's own pages (the profile, its security) have one menu entry: the profile's. */
const ACCOUNT_ENTRY = '/account/profile';
const isAccountPage = (pathname: string) => pathname.startsWith('/account/');

/** Admin paths live in this app; public ones (About) are pages of the site. */
function MenuLink({ entry, onNavigate }: { entry: ClientPermission; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const isAccountEntry = entry.path === ACCOUNT_ENTRY && isAccountPage(pathname);
  return (
    <NavLink
      to={entry.path}
      end
      className={({ isActive }) => linkClass(isActive || isAccountEntry)}
      onClick={onNavigate}
    >
      {entry.name}
    </NavLink>
  );
}

function MenuGroupSection({ group, onNavigate }: { group: MenuGroup; onNavigate: () => void }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(true);
  // The groups the product installs have names in each language; another reads as it was made.
  const name = t(`layout.menuGroups.${group.name}`, { defaultValue: group.name });
  if (group.name === 'General') {
    return (
      <div>
        <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{name}</p>
        {group.entries.map((entry) => (
          <MenuLink key={entry._id} entry={entry} onNavigate={onNavigate} />
        ))}
      </div>
    );
  }
  return (
    <div>
      <button
        type="button"
        aria-expanded={isOpen}
        onClick={() => setOpen(!isOpen)}
        className="flex w-full items-center justify-between px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600"
      >
        {name}
        <ChevronDown className={`size-4 transition-transform ${isOpen ? '' : '-rotate-90'}`} aria-hidden />
      </button>
      {isOpen && group.entries.map((entry) => <MenuLink key={entry._id} entry={entry} onNavigate={onNavigate} />)}
    </div>
  );
}

/** Admin mode: the server's categories for this user, in the groups groupCategories makes of them. */
export function AdminMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { userInfo } = useAuth();
  const categories = useUserCategories(userInfo?.user._id ?? 'guest');
  if (categories.isPending) return <p className="px-3 text-sm text-slate-600">{t('common.loading')}</p>;
  if (categories.isError) return <p className="px-3 text-sm text-red-700">{t('common.failed')}</p>;
  const groups = groupCategories(categories.data.categories);
  // A member whose roles open no screen is told so, not left before an empty column.
  if (groups.length === 0) return <p className="px-3 text-sm text-slate-600">{t('layout.menuEmpty')}</p>;
  return (
    <nav aria-label={t('layout.menu')} className="flex flex-col gap-4">
      {groups.map((group) => (
        <MenuGroupSection key={group.name} group={group} onNavigate={onNavigate} />
      ))}
    </nav>
  );
}

/** View mode: the public pages. */
export function ViewMenu() {
  const { t } = useTranslation();
  const pages = [
    { href: '/about', label: t('layout.about') },
    { href: '/events', label: t('layout.events') },
    { href: '/contact', label: t('layout.contact') },
  ];
  return (
    <nav aria-label={t('layout.menu')} className="flex flex-col">
      {pages.map((page) => (
        <a
          key={page.href}
          href={page.href}
          className="block rounded px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
        >
          {page.label}
        </a>
      ))}
    </nav>
  );
}
