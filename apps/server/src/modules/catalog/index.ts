/** The door of modules/catalog: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */

export { registerCatalogRoutes } from './catalog.routes';
export { sendImage, swapStoredImage } from './catalog-images';
export { fold, sortKey } from './catalog-text';
export { channelsOf, listTreeRows } from './categories/categories.repository';
export { isOwnDescendant } from './categories/category-rules';
export { isWithin, pathUnder } from './categories/category-tree';
export { derivedColumns, productImageUrl } from './products/products.mapper';
export { adjustCategoryCounts, type CountDelta } from './products/products.repository';
export { insertProducts, type NewProduct } from './products/products-bulk.repository';
export {
  PRODUCT_CARD_COLUMNS,
  PRODUCT_PRICE_COLUMNS,
  type ProductPriceColumn,
  toProductCard,
} from './public-product-card';
export { createPostgresProductSearch, writeDocuments } from './search/postgres-product-search';
export type { ProductSearch } from './search/product-search';
