/** What the catalogue's other parts (categories, diagnostic questions, search) use of its products. */
export { expandSubtrees, listProducts } from './product-list.repository';
export { pricesOf, productImagePath } from './products.mapper';
export {
  findCategoryFacts,
  findProduct,
  findProductCategories,
  type ProductRow,
} from './products.repository';
