import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { toast } from 'sonner';
import { authStore, useAuth } from '../../features/auth/auth-store';
import { queryClient } from '../../lib/query-client';
import { AdminMenu } from './admin-menu';
import { LanguageSwitch } from './language-switch';

export const APP_VERSION = '5.925';

export function AdminLayout() {
  const { t } = useTranslation();
  const { userInfo } = useAuth();
  const user = userInfo?.user;
  const displayName = user?.name || user?.username || user?.email || t('layout.account');

  const logout = () => {
    authStore.logOut();
    queryClient.clear();
    toast.success(t('layout.loggedOut'));
  };

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a href="#content" className="sr-only focus:not-sr-only">
        {t('layout.skipToContent')}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <a href="/about" className="flex items-center gap-2 font-semibold text-slate-900">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <span>Community</span>
          </a>
          <div className="flex items-center gap-3">
            <LanguageSwitch />
            <Link to="/account/profile" className="text-sm text-slate-700 underline-offset-2 hover:underline">
              {displayName}
            </Link>
            <button
              type="button"
              onClick={logout}
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100"
            >
              <LogOut className="size-4" aria-hidden />
              {t('layout.logout')}
            </button>
          </div>
        </div>
      </header>
      <AdminMenu />
      <main id="content" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-white px-4 py-3 text-center text-xs text-slate-600">
        {t('layout.version', { version: APP_VERSION })} · {t('layout.credit')}
      </footer>
    </div>
  );
}
