import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicShell } from './public-shell';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PublicShell />
  </StrictMode>,
);
