import './zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import {
  closeNotificationsOnNavigation,
  NOTIFICATION_AUTO_CLOSE_MS,
} from './app/notifications-on-navigation';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { AppThemeProvider } from './app/theme';
import { i18nReady } from './i18n';

// uncaught errors are reported (lib/error-reporting.ts), which loads only when one comes: the
// shell's bundle does not carry it (its weight budget)
const report = (error: unknown, kind: 'error' | 'unhandled_rejection') =>
  import('./lib/error-reporting').then(
    (m) => m.reportClientError('back_office', error, kind),
    () => undefined,
  );
// a resource that failed to load (an image, a script) has no error: the network's
window.addEventListener('error', (event) => event.error != null && void report(event.error, 'error'));
window.addEventListener('unhandledrejection', (event) => void report(event.reason, 'unhandled_rejection'));
const queryClient = createQueryClient();
const router = createAppRouter();
closeNotificationsOnNavigation(router);

// the shell's translations (a chunk per language) come first: no screen ever shows a key
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppThemeProvider>
        <Notifications position="top-right" autoClose={NOTIFICATION_AUTO_CLOSE_MS} />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AppThemeProvider>
    </StrictMode>,
  ),
);
