import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { registerCategoryRoutes } from './categories/categories.routes';
import { registerDiagnosticQuestionRoutes } from './diagnostic-questions/diagnostic-questions.routes';
import { registerProductRoutes } from './products/products.routes';
import { createPostgresProductSearch } from './search/postgres-product-search';
import { registerSearchRoutes } from './search/search.routes';

/** The catalogue API: categories, products, diagnostic questions and the product search. */
export function registerCatalogRoutes(api: FastifyInstance, deps: AppDeps): void {
  // the search engine of the catalogue; a dedicated engine plugs in here
  const search = createPostgresProductSearch(deps.db);
  registerCategoryRoutes(api, deps);
  registerProductRoutes(api, deps, search);
  registerDiagnosticQuestionRoutes(api, deps);
  registerSearchRoutes(api, deps, search);
}
