/** What other features use of this one: they import it from here, never from its other files. */

export { linkedBuyersKeys } from './catalog-keys';
export { useCategoryTree } from './categories/categories.queries';
export { CategoryMultiSelect } from './category-multi-select';
export { CategorySelect } from './category-select';
export { useProductSearch } from './search/search.queries';
export { SearchUnavailableError } from './search/search-retry';
