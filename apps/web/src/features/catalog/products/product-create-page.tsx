import { type CategoryTreeNode, CreateProductRequest } from '@reprise/shared';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { withAlert } from '../../../app/alert-from-query';
import { usePageHeader } from '../../../app/page-header';
import { showSaveError } from '../../../ui/form-feedback';
import { PageLoader } from '../../../ui/page-loader';
import { useCatalogBreadcrumbs } from '../catalog-breadcrumbs';
import { useCategoryTree } from '../categories/categories.queries';
import { ProductFormView } from './product-form';
import { productFormValues, toProductRequest } from './product-form-values';
import { useCreateProduct } from './products.queries';
import { useProductForm } from './use-product-form';
import { useSaveProductImages } from './use-save-product-images';

function CreateProductForm({
  tree,
  categoryId,
}: {
  tree: readonly CategoryTreeNode[];
  categoryId: string | null;
}) {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const form = useProductForm(productFormValues(undefined, categoryId));
  const create = useCreateProduct();
  const images = useSaveProductImages();

  return (
    <ProductFormView
      form={form}
      product={null}
      tree={tree}
      submitLabel={t('create.submit')}
      submitting={create.isPending || images.isPending}
      onSubmit={(values) =>
        create.mutate(CreateProductRequest.parse(toProductRequest(values)), {
          onSuccess: async (product) => {
            try {
              await images.save(product, values);
            } catch {
              // The product exists: its edit screen says an image is still missing.
              navigate(
                withAlert(`/product/${product.id}/edit`, {
                  type: 'warning',
                  message: 'products:alert.createdWithoutImage',
                }),
              );
              return;
            }
            navigate(withAlert('/products', { type: 'success', message: 'products:alert.created' }));
          },
          onError: (error) => showSaveError(form, error),
        })
      }
    />
  );
}

/** `/product/create`: a new product of the catalogue (`?category=<id>` starts it in a category). */
export function ProductCreatePage() {
  const { t } = useTranslation('products');
  const [params] = useSearchParams();
  const tree = useCategoryTree();
  const breadcrumbs = useCatalogBreadcrumbs('products');
  usePageHeader({
    title: t('create.title'),
    icon: IconPlus,
    breadcrumbs: [...breadcrumbs, { label: t('create.title') }],
  });
  if (!tree.data) return <PageLoader />;
  return <CreateProductForm tree={tree.data} categoryId={params.get('category')} />;
}
