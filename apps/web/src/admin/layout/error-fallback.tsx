import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { authStore } from '../../features/auth/auth-store';

function goBack() {
  window.history.back();
}

/** What happened, and ways out, one of which forgets the stored login. */
function ErrorPanel() {
  const { t } = useTranslation();
  const error = useRouteError();
  const isRouteError = isRouteErrorResponse(error);
  return (
    <>
      <h1 className="text-2xl font-semibold text-slate-900">{isRouteError ? t('errors.router') : t('errors.title')}</h1>
      <p className="text-slate-700">
        {isRouteError ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error)}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <a href="/" className={buttonClass('secondary')}>
          {t('errors.home')}
        </a>
        <button type="button" onClick={goBack} className={buttonClass('secondary')}>
          {t('common.goBack')}
        </button>
        <button
          type="button"
          onClick={() => {
            authStore.signOut();
            goBack();
          }}
          className={buttonClass()}
        >
          {t('errors.clearStorage')}
        </button>
      </div>
    </>
  );
}

/** An error outside any screen (the layout, the guard): the whole page. */
export function ErrorFallback() {
  return (
    <main
      id="content"
      className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-100 px-4 text-center"
    >
      <ErrorPanel />
    </main>
  );
}

/** An error in one screen: in its place, inside the layout, so the menu and the header stay. */
export function ScreenErrorFallback() {
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center">
      <ErrorPanel />
    </section>
  );
}
