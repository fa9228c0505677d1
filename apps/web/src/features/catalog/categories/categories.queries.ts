import type {
  CategoryRef,
  CategoryResponse,
  CategoryTreeNode,
  Collection,
  CreateCategoryRequest,
  LinkedBuyersResponse,
  PatchCategoryRequest,
} from '@reprise/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { categoriesKeys, linkedBuyersKeys, productsKeys } from '../catalog-keys';

/** The categories of the catalogue as a tree, with their product counts. */
export function useCategoryTree(accountId: string | null = null) {
  return useQuery({
    queryKey: categoriesKeys.tree(accountId),
    queryFn: ({ signal }) =>
      api.get<CategoryTreeNode[]>('/categories/tree', { query: { accountId }, signal }),
  });
}

const INDEX_PAGE_SIZE = 100;

/**
 * Every category in full (defaults, question counts), which the tree does not carry: the first page
 * tells how many there are, the others are fetched together.
 */
export function useCategoryIndex(enabled = true) {
  return useQuery({
    queryKey: categoriesKeys.index(),
    enabled,
    queryFn: async ({ signal }) => {
      const page = (n: number) =>
        api.get<Collection<CategoryResponse>>('/categories', {
          query: { page: n, itemsPerPage: INDEX_PAGE_SIZE, 'order[label]': 'asc' },
          signal,
        });
      const first = await page(1);
      const pages = Math.ceil(first.totalItems / INDEX_PAGE_SIZE);
      const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => page(i + 2)));
      const all = [first, ...rest].flatMap((p) => p.member);
      return new Map(all.map((category) => [category.id, category]));
    },
  });
}

export function useCategory(id: string) {
  return useQuery({
    queryKey: categoriesKeys.detail(id),
    queryFn: ({ signal }) => api.get<CategoryResponse>(`/categories/${id}`, { signal }),
    meta: { errorModal: { redirectToRoute: '/categories/list' } },
  });
}

/** The category's ancestors and itself, root first. */
export function useCategoryAncestry(id: string) {
  return useQuery({
    queryKey: categoriesKeys.ancestry(id),
    queryFn: ({ signal }) => api.get<CategoryRef[]>(`/categories/${id}/ancestry`, { signal }),
  });
}

/** The linked buyers of the retailer (set by platform operators) and their warehouses: a category's buyer is one of them. */
export function useBuyerChoices(retailerAccountId: string | null) {
  return useQuery({
    queryKey: linkedBuyersKeys.ofRetailer(retailerAccountId),
    queryFn: ({ signal }) =>
      api.get<LinkedBuyersResponse>(`/account/${retailerAccountId}/linked-buyers`, { signal }),
    select: (response) => response.buyers,
    enabled: retailerAccountId !== null,
  });
}

/** Trees, lists and counts show labels, statuses and parents; product rows show category labels. */
function invalidateAfterWrite(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: categoriesKeys.all,
      predicate: (query) => query.queryKey[1] !== 'detail',
    }),
    queryClient.invalidateQueries({ queryKey: productsKeys.all }),
  ]);
}

function remember(queryClient: QueryClient, category: CategoryResponse) {
  queryClient.setQueryData(categoriesKeys.detail(category.id), category);
  return invalidateAfterWrite(queryClient);
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCategoryRequest) => api.post<CategoryResponse>('/categories', body),
    meta: { handlesErrors: true },
    onSuccess: (category) => remember(queryClient, category),
  });
}

export function useUpdateCategory(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PatchCategoryRequest) => api.patch<CategoryResponse>(`/categories/${id}`, patch),
    meta: { handlesErrors: true },
    onSuccess: (category) => remember(queryClient, category),
  });
}

/** Sends (file) or removes (null) the image of a category. */
export function useCategoryImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File | null }) => {
      if (!file) return api.delete<CategoryResponse>(`/categories/${id}/image`);
      const body = new FormData();
      body.append('file', file);
      return api.put<CategoryResponse>(`/categories/${id}/image`, body);
    },
    meta: { handlesErrors: true },
    onSuccess: (category) => remember(queryClient, category),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/categories/${id}`),
    meta: { handlesErrors: true },
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: categoriesKeys.detail(id) });
      return invalidateAfterWrite(queryClient);
    },
  });
}
