import './zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import './i18n';
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

const queryClient = createQueryClient();
const router = createAppRouter();
closeNotificationsOnNavigation(router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppThemeProvider>
      <Notifications position="top-right" autoClose={NOTIFICATION_AUTO_CLOSE_MS} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppThemeProvider>
  </StrictMode>,
);
