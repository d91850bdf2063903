import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { toast } from 'sonner';
import { IconButton } from '../../components/ui/icon-button';
import { authStore, useAuth } from '../../features/auth/auth-store';
import { useAutoExpand, useMenuCovers, useStoredFlag } from './use-stored-flag';
import { forgetRevalidated } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { logout as endSession } from '../../features/auth/api/logout';
import { storageKeys } from '../../lib/storage-keys';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useSiteName } from '../../features/site-config/api/get-site-config';
import { useUserCategories } from '../../features/client-permissions/api/get-user-categories';
import { SECURITY_PATH } from '../paths';
import { AccountMenu } from './account-menu';
import { AdminMenu, ViewMenu } from './admin-menu';
import { useTitle } from '../../lib/use-title';
import { LanguageSwitch } from './language-switch';
import { useFreshUser } from './use-fresh-user';
import { useMay, useMustEnrol } from '../use-rights';

export function AdminLayout() {
  const { t } = useTranslation();
  const { userInfo } = useAuth();
  const { pathname } = useLocation();
  useFreshUser(userInfo !== null);
  // What the person may call is asked beside the menu, so a screen knows its buttons when it draws.
  useMay();
  const siteName = useSiteName();
  // A screen is named in the title as its menu entry names it: the browser's tabs and history,
  // and a screen reader arriving, tell the screens apart.
  const categories = useUserCategories(userInfo?.user._id ?? 'guest');
  const screenName = categories.data?.categories.find((entry) => entry.path === pathname)?.name;
  useTitle(screenName ? `${screenName} · ${t('layout.admin')}` : t('layout.admin'), siteName);
  // Where the policy asks it, an administrator without a second factor may do nothing else until
  // one is enrolled (the server refuses the rest): Sign-in and security comes first.
  const mustEnrol = useMustEnrol() === true;
  // On a wide window the menu stays as last left; on a phone it opens over the page only when
  // asked, so it never covers a page that has just loaded.
  const covers = useMenuCovers();
  const [isKeptOpen, keepOpen] = useAutoExpand(storageKeys.menuExpanded);
  const [isOverlayOpen, setOverlayOpen] = useState(false);
  const isExpanded = covers ? isOverlayOpen : isKeptOpen;
  const setExpanded = covers ? setOverlayOpen : keepOpen;
  const [isViewMode, setViewMode] = useStoredFlag(storageKeys.menuView, () => false);
  // Signed out, only the public pages are offered.
  const showView = !userInfo || isViewMode;

  // Where the menu covers the page (narrow screens), choosing an entry puts it away, and so do a
  // tap on the page beside it and Escape, which gives the focus back to the button that opened it.
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeIfCovering = () => {
    if (!covers) return;
    setExpanded(false);
    // The entry chosen goes with the menu: the keyboard goes on from the button that opens it.
    menuButton.current?.focus();
  };
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    // Escape in a header control's own popup (the account menu, the bell) closes that popup only:
    // those are portals, outside the header on the page.
    if (event.key !== 'Escape' || !covers || !event.currentTarget.contains(event.target as Node)) return;
    setExpanded(false);
    menuButton.current?.focus();
  };

  const logout = () => {
    // The call takes the token with it before it is forgotten here; its answer changes nothing.
    void endSession().catch(() => undefined);
    authStore.signOut({ hasLoggedOut: true });
    forgetRevalidated();
    queryClient.clear();
    toast.success(t('layout.loggedOut'));
  };

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      {/* The content it leads to is out of reach while the menu covers it. */}
      <a href="#content" inert={covers && isExpanded} className="sr-only focus:not-sr-only">
        {t('layout.skipToContent')}
      </a>
      <header onKeyDown={closeOnEscape} className="border-b border-slate-200 bg-white">
        <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex items-center gap-3">
            <IconButton
              ref={menuButton}
              icon={
                isExpanded ? (
                  <PanelLeftClose className="size-5" aria-hidden />
                ) : (
                  <PanelLeftOpen className="size-5" aria-hidden />
                )
              }
              onClick={() => setExpanded(!isExpanded)}
              aria-expanded={isExpanded}
              aria-controls="side-menu"
            >
              <span className="sr-only">{isExpanded ? t('layout.collapse') : t('layout.expand')}</span>
            </IconButton>
            <a href="/about" className="flex items-center gap-2 font-semibold text-slate-900">
              <img src="/favicon.svg" alt="" width={28} height={28} />
              <span>{siteName}</span>
            </a>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            {userInfo && (
              <div
                role="group"
                aria-label={t('layout.mode')}
                className="flex overflow-hidden rounded-md border border-slate-300 text-xs"
              >
                {[
                  { isView: true, label: t('layout.view') },
                  { isView: false, label: t('layout.admin') },
                ].map((mode) => (
                  <button
                    key={mode.label}
                    type="button"
                    aria-pressed={showView === mode.isView}
                    onClick={() => setViewMode(mode.isView)}
                    className={`px-2 py-1 ${showView === mode.isView ? 'bg-brand-600 text-white' : 'bg-white text-slate-700'}`}
                  >
                    {mode.label}
                  </button>
                ))}
              </div>
            )}
            <LanguageSwitch />
            <NotificationBell />
            <AccountMenu user={userInfo?.user} onLogout={logout} />
          </div>
        </div>
      </header>
      <div className="relative flex flex-1">
        {isExpanded && (
          <div aria-hidden className="absolute inset-0 z-10 bg-slate-900/30 md:hidden" onClick={closeIfCovering} />
        )}
        {isExpanded && (
          <aside
            id="side-menu"
            onKeyDown={closeOnEscape}
            className="w-56 shrink-0 border-r border-slate-200 bg-white py-4 max-md:absolute max-md:z-20 max-md:h-full max-md:shadow-lg"
          >
            {showView ? <ViewMenu /> : <AdminMenu onNavigate={closeIfCovering} />}
          </aside>
        )}
        {/* Covered by the menu, the page is out of the keyboard's reach, as it is out of sight. */}
        <main id="content" inert={covers && isExpanded} className="min-w-0 flex-1 px-4 py-6">
          <div className="mx-auto max-w-6xl">
            {mustEnrol && pathname !== SECURITY_PATH ? <Navigate to={SECURITY_PATH} replace /> : <Outlet />}
          </div>
        </main>
      </div>
      <footer
        inert={covers && isExpanded}
        className="border-t border-slate-200 bg-white px-4 py-3 text-center text-xs text-slate-600"
      >
        {t('layout.version', { version: __APP_VERSION__ })} · {t('layout.credit')}
      </footer>
    </div>
  );
}
