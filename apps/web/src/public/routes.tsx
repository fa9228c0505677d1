import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Layout } from './layout';
import { HomePage } from './pages/home-page';
import { SiteErrorPage } from './pages/site-error-page';

/** A page loaded on demand; the home page is in the first bundle (it is what visitors open). */
const page =
  <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

const legal = () => import('./pages/legal-page');
const documents = () => import('./pages/document-page');
const search = () => import('./pages/search-page');
const categories = () => import('./pages/categories-page');
const confirmation = () => import('./pages/confirmation-page');
const litigation = () => import('./pages/litigation-page');
const erasureCertificate = () => import('./pages/erasure-certificate-page');
const iban = () => import('./pages/iban-page');
const tracking = () => import('./pages/tracking-page');

const publicRoutes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <SiteErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'search', lazy: page(search, (m) => m.SearchPage) },
      { path: 'results', lazy: page(search, (m) => m.SearchPage) },
      // by category: only when the account enables category navigation (else not found)
      { path: 'categories', lazy: page(categories, (m) => m.CategoriesPage) },
      { path: 'category/:id/:slug?', lazy: page(categories, (m) => m.CategoryPage) },
      // the visitor's journey: product → questions → transport and payment → cart → checkout
      {
        path: 'product/:id/:slug?',
        lazy: page(
          () => import('./pages/product-page'),
          (m) => m.ProductPage,
        ),
      },
      {
        path: 'estimate-error',
        lazy: page(
          () => import('./pages/estimate-error-page'),
          (m) => m.EstimateErrorPage,
        ),
      },
      {
        path: 'cart',
        lazy: page(
          () => import('./pages/cart-page'),
          (m) => m.CartPage,
        ),
      },
      {
        path: 'cart/customer-infos',
        lazy: page(
          () => import('./pages/customer-page'),
          (m) => m.CustomerPage,
        ),
      },
      {
        path: 'cart/summary',
        lazy: page(
          () => import('./pages/summary-page'),
          (m) => m.SummaryPage,
        ),
      },
      {
        path: 'cart/:cartId/checkout',
        lazy: page(
          () => import('./pages/checkout-page'),
          (m) => m.CheckoutPage,
        ),
      },
      { path: 'buyback-confirmation', lazy: page(confirmation, (m) => m.ConfirmationPage) },
      { path: 'buyback-confirmation-docs', lazy: page(confirmation, (m) => m.ConfirmationDocsPage) },
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
      // the counter-offer mail's two links: one screen, the link's choice preselected
      { path: 'buyback/:buybackId/accept', lazy: page(litigation, (m) => m.LitigationPage) },
      { path: 'buyback/:buybackId/reject', lazy: page(litigation, (m) => m.LitigationPage) },
      // the check of a data-erasure certificate's verification code (docs/refurbishment.md)
      { path: 'erasure-certificate', lazy: page(erasureCertificate, (m) => m.ErasureCertificatePage) },
      { path: 'erasure-certificate/:code', lazy: page(erasureCertificate, (m) => m.ErasureCertificatePage) },
      // the IBAN link's page of a transfer without IBAN (docs/payments.md)
      { path: 'iban/:token', lazy: page(iban, (m) => m.IbanPage) },
      // the customer's private tracking link of every buyback (docs/tracking.md)
      { path: 'tracking/:token', lazy: page(tracking, (m) => m.TrackingPage) },
      { path: 'tracking/:token/unsubscribe', lazy: page(tracking, (m) => m.TrackingUnsubscribePage) },
      // the public site's create routes lead to the search (the back office's /buyback/create is the wizard)
      { path: 'create', element: <Navigate to="/search" replace /> },
      { path: 'buyback/create', element: <Navigate to="/search" replace /> },
      // an unknown path leads home
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createPublicRouter = () => createBrowserRouter(publicRoutes);
