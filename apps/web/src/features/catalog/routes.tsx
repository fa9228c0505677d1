import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** Categories (catalogue). */
const categoriesRoutes: RouteObject[] = [
  {
    path: 'categories/list',
    handle: { permission: 'category.list' } satisfies RouteHandle,
    lazy: screen(
      () => import('./categories/categories-list-page'),
      (m) => m.CategoriesListPage,
    ),
  },
  {
    path: 'category/create',
    handle: { permission: 'category.create' } satisfies RouteHandle,
    lazy: screen(
      () => import('./categories/category-create-page'),
      (m) => m.CategoryCreatePage,
    ),
  },
  {
    // Those who may only read a category get the same screen, read-only.
    path: 'category/:id/edit',
    handle: { permission: 'category.detail' } satisfies RouteHandle,
    lazy: screen(
      () => import('./categories/category-edit-page'),
      (m) => m.CategoryEditPage,
    ),
  },
];

/** Products and the catalogue quick search. */
const productsRoutes: RouteObject[] = [
  {
    path: 'products',
    handle: { permission: 'product.list' } satisfies RouteHandle,
    lazy: screen(
      () => import('./products/products-list-page'),
      (m) => m.ProductsListPage,
    ),
  },
  {
    path: 'product/create',
    handle: { permission: 'product.create' } satisfies RouteHandle,
    lazy: screen(
      () => import('./products/product-create-page'),
      (m) => m.ProductCreatePage,
    ),
  },
  {
    path: 'product/:id/edit',
    handle: { permission: 'product.detail' } satisfies RouteHandle,
    lazy: screen(
      () => import('./products/product-edit-page'),
      (m) => m.ProductEditPage,
    ),
  },
  {
    path: 'catalog-search',
    handle: { permission: 'product.list' } satisfies RouteHandle,
    lazy: screen(
      () => import('./search/catalog-search-page'),
      (m) => m.CatalogSearchPage,
    ),
  },
];

/** Diagnostic questions, per category. */
const diagnosticRoutes: RouteObject[] = [
  {
    path: 'diagnostic',
    handle: { permission: 'question.list' } satisfies RouteHandle,
    lazy: screen(
      () => import('./diagnostic/diagnostic-page'),
      (m) => m.DiagnosticPage,
    ),
  },
  {
    path: 'diagnostic/category/:categoryId',
    handle: { permission: 'question.list' } satisfies RouteHandle,
    lazy: screen(
      () => import('./diagnostic/diagnostic-category-page'),
      (m) => m.DiagnosticCategoryPage,
    ),
  },
  {
    path: 'diagnostic/category/:categoryId/question/add',
    handle: { permission: 'question.create' } satisfies RouteHandle,
    lazy: screen(
      () => import('./diagnostic/diagnostic-question-create-page'),
      (m) => m.DiagnosticQuestionCreatePage,
    ),
  },
  {
    path: 'diagnostic/category/:categoryId/question/:questionId',
    handle: { permission: 'question.detail' } satisfies RouteHandle,
    lazy: screen(
      () => import('./diagnostic/diagnostic-question-edit-page'),
      (m) => m.DiagnosticQuestionEditPage,
    ),
  },
];

/** The catalogue's screens. */
export const catalogRoutes: RouteObject[] = [...categoriesRoutes, ...productsRoutes, ...diagnosticRoutes];
