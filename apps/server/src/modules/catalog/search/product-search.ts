import type { ProductSearchHit, SearchProductsQuery } from '@reprise/shared';
import type { BaseContext, BaseTxContext } from '../../../platform/request-context';
import type { CatalogScope } from '../catalog-scope';

export interface ProductSearchResult {
  hits: ProductSearchHit[];
  /** Matches counted up to SEARCH_COUNT_LIMIT. */
  totalItems: number;
  /** True when the count stopped at SEARCH_COUNT_LIMIT (there may be more). */
  totalItemsCapped: boolean;
  /** The spelling corrections used, per query word. */
  corrections: Record<string, string[]>;
}

/**
 * The product search, behind an interface so that a dedicated engine can replace the PostgreSQL
 * one when a catalogue outgrows it. `index` runs in the transaction of the product write, so the
 * index never disagrees with the catalogue.
 */
export interface ProductSearch {
  /**
   * One page (SEARCH_PAGE_SIZE hits) of the published products of the context's catalogue
   * (catalog-scope.ts `readScope`: a visitor's is its site's).
   */
  search(ctx: BaseContext, query: SearchProductsQuery): Promise<ProductSearchResult>;
  /** The same search within a catalogue named by its scope (the public site searches its retailer's). */
  searchCatalog(scope: CatalogScope, query: SearchProductsQuery): Promise<ProductSearchResult>;
  /**
   * Brings these products' documents up to date in the command's transaction (a request's, or a
   * job's in a system context); a product that no longer exists leaves the index.
   */
  index(tx: BaseTxContext, productIds: readonly string[]): Promise<void>;
}
