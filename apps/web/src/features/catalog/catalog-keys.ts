/**
 * Query keys of the catalogue. Categories, products and diagnostic questions invalidate one another (counts,
 * labels), so their factories live together; each `*.queries.ts` re-exports its own.
 */
export const categoriesKeys = {
  all: ['categories'] as const,
  trees: () => [...categoriesKeys.all, 'tree'] as const,
  tree: (accountId: string | null) => [...categoriesKeys.trees(), accountId] as const,
  /** Every category in full (defaults, question counts), fetched page by page. */
  index: () => [...categoriesKeys.all, 'index'] as const,
  details: () => [...categoriesKeys.all, 'detail'] as const,
  detail: (id: string) => [...categoriesKeys.details(), id] as const,
  ancestry: (id: string) => [...categoriesKeys.all, 'ancestry', id] as const,
};

/** The buyer accounts linked to a retailer (a category's buyer is one of them). */
export const linkedBuyersKeys = {
  all: ['linked-buyers'] as const,
  ofRetailer: (retailerAccountId: string | null) => [...linkedBuyersKeys.all, retailerAccountId] as const,
};

export const productsKeys = {
  all: ['products'] as const,
  lists: () => [...productsKeys.all, 'list'] as const,
  list: (query: Record<string, unknown>) => [...productsKeys.lists(), query] as const,
  details: () => [...productsKeys.all, 'detail'] as const,
  detail: (id: string) => [...productsKeys.details(), id] as const,
  search: (q: string, categories: readonly string[]) =>
    [...productsKeys.all, 'search', q, categories] as const,
};

export const diagnosticQuestionsKeys = {
  all: ['diagnostic-questions'] as const,
  ofCategories: () => [...diagnosticQuestionsKeys.all, 'category'] as const,
  ofCategory: (categoryId: string) => [...diagnosticQuestionsKeys.ofCategories(), categoryId] as const,
  details: () => [...diagnosticQuestionsKeys.all, 'detail'] as const,
  detail: (id: string) => [...diagnosticQuestionsKeys.details(), id] as const,
  /** The mutation key of a category's new order of questions (one queue per category). */
  reorder: (categoryId: string) => ['reorder-diagnostic-questions', categoryId] as const,
};
