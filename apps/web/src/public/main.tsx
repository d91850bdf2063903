import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchFor } from './events-data';
import { PublicApp } from './public-app';
import { loadTexts, PUBLIC_LANGUAGE, TextsProvider } from './texts';
import './public.css';

document.documentElement.lang = PUBLIC_LANGUAGE;
// The page's events are read while the texts load, not after.
prefetchFor(window.location.pathname);
const texts = await loadTexts();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <TextsProvider texts={texts}>
      <PublicApp />
    </TextsProvider>
  </StrictMode>,
);
