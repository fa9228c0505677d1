import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../ui/page-loader';
import { AppRoot } from './app-root';
import { dashboardFeatureRoutes, wizardFeatureRoutes } from './feature-routes';
import { RedirectIfSignedIn, RequireSession } from './guards';
import { screen } from './lazy-screen';
import { RouteErrorScreen } from './route-error-screen';

const singleSignOnCallback = screen(
  () => import('../features/auth/single-sign-on-callback-page'),
  (m) => m.SingleSignOnCallbackPage,
);

/** Reachable without a session (route guard). */
const publicRoutes: RouteObject[] = [
  {
    lazy: screen(
      () => import('./layouts/auth-layout'),
      (m) => m.AuthLayout,
    ),
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [
          {
            path: 'login',
            lazy: screen(
              () => import('../features/auth/login-page'),
              (m) => m.LoginPage,
            ),
          },
        ],
      },
      {
        path: 'lostPassword',
        lazy: screen(
          () => import('../features/auth/lost-password-page'),
          (m) => m.LostPasswordPage,
        ),
      },
      {
        path: 'renew/:resetToken',
        lazy: screen(
          () => import('../features/auth/renew-password-page'),
          (m) => m.RenewPasswordPage,
        ),
      },
      {
        path: 'new/password',
        lazy: screen(
          () => import('../features/auth/password-changed-page'),
          (m) => m.PasswordChangedPage,
        ),
      },
      { path: 'open-id/:organizationId/callback', lazy: singleSignOnCallback },
      { path: 'openid/:organizationId/callback', lazy: singleSignOnCallback },
      // the IBAN link of a retailer without an active public site (docs/payments.md)
      {
        path: 'iban/:token',
        lazy: screen(
          () => import('../features/payment-batches/iban-request-page'),
          (m) => m.IbanRequestPage,
        ),
      },
      // the check a certificate prints when its retailer has no active public site (docs/refurbishment.md)
      {
        path: 'erasure-certificate/:code?',
        lazy: screen(
          () => import('../features/erasure-certificate/erasure-certificate-check-page'),
          (m) => m.ErasureCertificateCheckPage,
        ),
      },
    ],
  },
  {
    path: 'open-id/logout',
    lazy: screen(
      () => import('../features/auth/single-sign-on-logout-page'),
      (m) => m.SingleSignOnLogoutPage,
    ),
  },
  {
    path: 'access-denied',
    lazy: screen(
      () => import('../features/errors/access-denied-page'),
      (m) => m.AccessDeniedPage,
    ),
  },
  {
    path: 'not-available',
    lazy: screen(
      () => import('../features/errors/not-available-page'),
      (m) => m.NotAvailablePage,
    ),
  },
  {
    path: '404',
    lazy: screen(
      () => import('../features/errors/not-found-page'),
      (m) => m.NotFoundPage,
    ),
  },
];

const dashboardRoutes: RouteObject[] = [
  {
    path: 'home',
    lazy: screen(
      () => import('../features/home/home-page'),
      (m) => m.HomePage,
    ),
  },
  {
    path: 'design-system',
    lazy: screen(
      () => import('../features/design-system/design-system-page'),
      (m) => m.DesignSystemPage,
    ),
  },
  ...dashboardFeatureRoutes,
];

const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <PageLoader fullScreen />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      ...publicRoutes,
      {
        element: <RequireSession />,
        children: [
          // the layouts are chunks of their own: the sign-in screen loads none of the back office's shell
          {
            lazy: screen(
              () => import('./layouts/dashboard-layout'),
              (m) => m.DashboardLayout,
            ),
            children: dashboardRoutes,
          },
          {
            lazy: screen(
              () => import('./layouts/dashboard-wizard-layout'),
              (m) => m.DashboardWizardLayout,
            ),
            children: wizardFeatureRoutes,
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
