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

// the error reporting loads beside the first screen, not in the shell's bundle (its weight budget)
void import('./lib/error-reporting').then((m) => m.startErrorReporting('back_office'));
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
