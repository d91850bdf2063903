import { useEffect } from 'react';

/** The document title follows the screen; undefined leaves it to a screen that names itself. */
export function useTitle(title: string | undefined, siteName: string) {
  useEffect(() => {
    if (title !== undefined) document.title = `${title} · ${siteName}`;
  }, [title, siteName]);
}
