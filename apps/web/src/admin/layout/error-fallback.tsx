import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { authStore } from '../../features/auth/auth-store';

function goBack() {
  window.history.back();
}

/**
 * A screen's code that could not be fetched (the server down, a new version deployed meanwhile).
 * The browser keeps that failure for the page's life, so only a reload fetches it again.
 */
const isUnloadedScreen = (error: unknown) =>
  error instanceof TypeError && /dynamically imported module|importing a module script failed/i.test(error.message);

/** What happened, and ways out, one of which forgets the stored login. */
function ErrorPanel() {
  const { t } = useTranslation();
  const error = useRouteError();
  const isRouteError = isRouteErrorResponse(error);
  const isUnloaded = isUnloadedScreen(error);
  return (
    <>
      <h1 className="text-2xl font-semibold text-slate-900">{isRouteError ? t('errors.router') : t('errors.title')}</h1>
      <p className="text-slate-700">
        {isRouteError
          ? `${error.status} ${error.statusText}`
          : isUnloaded
            ? t('errors.screenNotLoaded')
            : error instanceof Error
              ? error.message
              : String(error)}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {isUnloaded && (
          <button type="button" onClick={() => window.location.reload()} className={buttonClass()}>
            {t('errors.reload')}
          </button>
        )}
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
          // A reload is the way out of a screen not fetched; signing out would not help it.
          className={buttonClass(isUnloaded ? 'secondary' : 'primary')}
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
