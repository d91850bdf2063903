import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { initI18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { router } from './router';
import '../styles.css';

/** Toasts leave after 5 seconds. */
const TOAST_DURATION_MS = 5000;

await initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* At the foot of the screen: never over the header or the menus and panels it opens. */}
      <Toaster duration={TOAST_DURATION_MS} position="bottom-right" />
    </QueryClientProvider>
  </StrictMode>,
);
