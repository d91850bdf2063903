import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchFor } from './events-data';
import { PublicApp } from './public-app';
import { startSiteConfig } from './site-data';
import { loadTexts } from '../lib/published-texts';
import { PUBLIC_LANGUAGE, TextsProvider } from './texts';
import './public.css';
import 'virtual:meteors.css';

document.documentElement.lang = PUBLIC_LANGUAGE;
// What the page reads is read while the texts load, not after.
startSiteConfig();
prefetchFor(window.location.pathname);
const texts = await loadTexts(PUBLIC_LANGUAGE);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <TextsProvider texts={texts}>
      <PublicApp />
    </TextsProvider>
  </StrictMode>,
);
