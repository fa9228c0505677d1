import type {
  CreateProductRequest,
  PatchProductRequest,
  ProductListResponse,
  ProductResponse,
} from '@reprise/shared';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSaveMutation } from '../../../lib/save-mutation';
import { categoriesKeys, productsKeys } from '../catalog-keys';

/** Query of `GET /products`: pagination, `order[field]` and the filters (`category` becomes `category[]`). */
export type ProductsQuery = Record<string, string | number | string[] | undefined>;

export function useProducts(query: ProductsQuery) {
  return useQuery({
    queryKey: productsKeys.list(query),
    queryFn: ({ signal }) => api.get<ProductListResponse>('/products', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: string) {
  return useQuery({
    queryKey: productsKeys.detail(id),
    queryFn: ({ signal }) => api.get<ProductResponse>(`/products/${id}`, { signal }),
    meta: { errorModal: { redirectToRoute: '/products' } },
  });
}

/** Lists and searches show the product; category trees count it (in total and published). */
function remember(queryClient: QueryClient, product: ProductResponse) {
  queryClient.setQueryData(productsKeys.detail(product.id), product);
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: productsKeys.all,
      predicate: (query) => query.queryKey[1] !== 'detail',
    }),
    queryClient.invalidateQueries({
      queryKey: categoriesKeys.all,
      predicate: (query) => query.queryKey[1] !== 'detail' && query.queryKey[1] !== 'ancestry',
    }),
    // Its category's page shows the counts too.
    queryClient.invalidateQueries({ queryKey: categoriesKeys.detail(product.mainCategoryId) }),
  ]);
}

export function useCreateProduct() {
  return useSaveMutation(
    (body: CreateProductRequest) => api.post<ProductResponse>('/products', body),
    remember,
  );
}

export function useUpdateProduct(id: string) {
  return useSaveMutation(
    (patch: PatchProductRequest) => api.patch<ProductResponse>(`/products/${id}`, patch),
    remember,
  );
}

/** The product's picture (`image`) or its high-definition one (`image-hd`). */
export type ProductImageKind = 'image' | 'image-hd';

/** Sends (file) or removes (null) one of the product's images. */
export function useProductImage() {
  return useSaveMutation(({ id, kind, file }: { id: string; kind: ProductImageKind; file: File | null }) => {
    if (!file) return api.delete<ProductResponse>(`/products/${id}/${kind}`);
    const body = new FormData();
    body.append('file', file);
    return api.put<ProductResponse>(`/products/${id}/${kind}`, body);
  }, remember);
}
