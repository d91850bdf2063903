import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminShell } from './admin-shell';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AdminShell />
  </StrictMode>,
);
