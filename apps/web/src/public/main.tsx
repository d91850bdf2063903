import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicApp } from './public-app';
import { loadTexts, PUBLIC_LANGUAGE, TextsProvider } from './texts';
import './public.css';

document.documentElement.lang = PUBLIC_LANGUAGE;
const texts = await loadTexts();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <TextsProvider texts={texts}>
      <PublicApp />
    </TextsProvider>
  </StrictMode>,
);
