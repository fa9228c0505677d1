import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Layout } from './layout';
import { HomePage } from './pages/home-page';

/** A page loaded on demand; the home page is in the first bundle (it is what visitors open). */
const page =
  <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

const legal = () => import('./pages/legal-page');
const documents = () => import('./pages/document-page');

export const publicRoutes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: 'search',
        lazy: page(
          () => import('./pages/search-page'),
          (m) => m.SearchPage,
        ),
      },
      {
        path: 'stores',
        lazy: page(
          () => import('./pages/stores-page'),
          (m) => m.StoresPage,
        ),
      },
      { path: 'cgu', lazy: page(legal, (m) => m.TermsOfUsePage) },
      { path: 'cgs', lazy: page(legal, (m) => m.TermsOfServicePage) },
      { path: 'faq', lazy: page(legal, (m) => m.FaqPage) },
      {
        path: 'contact',
        lazy: page(
          () => import('./pages/contact-page'),
          (m) => m.ContactPage,
        ),
      },
      {
        path: 'cookies-policy',
        lazy: page(
          () => import('./pages/cookies-policy-page'),
          (m) => m.CookiesPolicyPage,
        ),
      },
      { path: 'cookies-policy-document', lazy: page(documents, (m) => m.CookiesPolicyDocumentPage) },
      { path: 'accessibility-statement', lazy: page(documents, (m) => m.AccessibilityStatementPage) },
      // the public site's create route leads to the search (journeys.md section 2)
      { path: 'create', element: <Navigate to="/search" replace /> },
      // an unknown path leads home
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createPublicRouter = () => createBrowserRouter(publicRoutes);
