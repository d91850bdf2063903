import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignInResult } from '@community/shared';
import { getErrorMessage } from '../../../lib/api-client';
import { signInWithGoogle } from '../api/sign-in-with-google';

const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';

type GoogleIdentity = {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential: string }) => void }): void;
      renderButton(element: HTMLElement, options: Record<string, unknown>): void;
    };
  };
};

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

let scriptLoad: Promise<GoogleIdentity> | undefined;

/** Google's script is fetched only where the button shows, and only once per page. */
function loadGoogleScript(): Promise<GoogleIdentity> {
  scriptLoad ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_SCRIPT;
    script.async = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error('no google')));
    script.onerror = () => {
      scriptLoad = undefined;
      reject(new Error('Google script failed to load'));
    };
    document.head.append(script);
  });
  return scriptLoad;
}

type Props = {
  /** The server's Google client id: the button shows only when it has one. */
  clientId: string;
  invite: string | null;
  onSignedIn: (result: SignInResult) => void | Promise<void>;
  onError: (message: string) => void;
};

/** Google's own button; the invite, when there is one, travels with the credential. */
export function GoogleButton({ clientId, invite, onSignedIn, onError }: Props) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [hasFailed, setHasFailed] = useState(false);
  const handlers = useRef({ invite, onSignedIn, onError });
  useEffect(() => {
    handlers.current = { invite, onSignedIn, onError };
  });

  useEffect(() => {
    let isCurrent = true;
    loadGoogleScript()
      .then((google) => {
        if (!isCurrent || !container.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: ({ credential }) => {
            const { invite: token, onSignedIn: done, onError: fail } = handlers.current;
            // The screen's language becomes the mail's, for someone who has not chosen one yet.
            const language = i18n.resolvedLanguage === 'en' ? 'en' : 'el';
            signInWithGoogle({ credential, invite: token, language })
              .then(done)
              .catch((error: unknown) => fail(getErrorMessage(error, t('login.googleError'))));
          },
        });
        google.accounts.id.renderButton(container.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          locale: i18n.language,
          width: container.current.clientWidth || 320,
        });
      })
      .catch(() => isCurrent && setHasFailed(true));
    return () => {
      isCurrent = false;
    };
  }, [clientId, i18n.language, i18n.resolvedLanguage, t]);

  return (
    <div className="flex flex-col items-stretch gap-2">
      <div ref={container} data-testid="google-button" className="flex min-h-10 justify-center" />
      {hasFailed && <p className="text-center text-sm text-red-700">{t('login.googleUnavailable')}</p>}
    </div>
  );
}
