import { Fieldset, SimpleGrid, Text } from '@mantine/core';
import type { CategoryTreeNode, ProductResponse } from '@reprise/shared';
import { IconPackage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { withAlert } from '../../../app/alert-from-query';
import { reportError } from '../../../app/errors';
import { usePageHeader } from '../../../app/page-header';
import { useSession } from '../../../app/session';
import { useFormatters } from '../../../app/use-formatters';
import { showSaveError } from '../../../ui/form-feedback';
import { PageLoader } from '../../../ui/page-loader';
import { useCatalogBreadcrumbs } from '../catalog-breadcrumbs';
import { useCategoryTree } from '../categories/categories.queries';
import { showImageError } from '../image-save-error';
import { ProductFormView } from './product-form';
import { type ProductFormValues, productFormValues, productPatch } from './product-form-values';
import { useProduct, useUpdateProduct } from './products.queries';
import { useProductForm } from './use-product-form';
import { ImageSaveError, useSaveProductImages } from './use-save-product-images';

function ProductDates({ product }: { product: ProductResponse }) {
  const { t } = useTranslation('products');
  const { dateTime } = useFormatters();
  return (
    <Fieldset legend={t('form.dates')}>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} m={0}>
        {(['createdAt', 'updatedAt'] as const).map((field) => (
          <div key={field}>
            <Text size="sm" c="dimmed" component="dt">
              {t(`form.${field}`)}
            </Text>
            <Text fw={500} component="dd" m={0}>
              {dateTime(product[field])}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}

interface EditProductFormProps {
  product: ProductResponse;
  tree: readonly CategoryTreeNode[];
  readOnly: boolean;
}

function EditProductForm({ product, tree, readOnly }: EditProductFormProps) {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const form = useProductForm(productFormValues(product));
  const update = useUpdateProduct(product.id);
  const images = useSaveProductImages();

  const save = async (values: ProductFormValues) => {
    const patch = productPatch(form.getInitialValues(), values);
    let saved = product;
    try {
      if (Object.keys(patch).length > 0) {
        saved = await update.mutateAsync(patch);
        // Saved: a second try (after an image refusal) sends only what changes from now on.
        const initial = form.getInitialValues();
        form.setInitialValues({ ...values, image: initial.image, imageHd: initial.imageHd });
      }
    } catch (error) {
      return showSaveError(form, error);
    }
    try {
      await images.save(saved, values);
    } catch (error) {
      if (error instanceof ImageSaveError) return showImageError(form, error.field, error.reason);
      return reportError(error);
    }
    navigate(withAlert('/products', { type: 'success', message: 'products:alert.updated' }));
  };

  return (
    <ProductFormView
      form={form}
      product={product}
      tree={tree}
      readOnly={readOnly}
      submitLabel={t('edit.submit')}
      submitting={update.isPending || images.isPending}
      onSubmit={(values) => void save(values)}
      footer={<ProductDates product={product} />}
    />
  );
}

/** `/product/:id/edit`: changes a product; read-only without the right to write. */
export function ProductEditPage() {
  const { t } = useTranslation('products');
  const { id = '' } = useParams();
  const { can } = useSession();
  const readOnly = !can('product.create');
  const product = useProduct(id);
  const tree = useCategoryTree();
  const breadcrumbs = useCatalogBreadcrumbs('products');
  const name = product.data?.name ?? '';
  const title = readOnly ? t('edit.viewTitle') : t('edit.title');
  usePageHeader({
    title: name ? `${title} · ${name}` : title,
    icon: IconPackage,
    breadcrumbs: [...breadcrumbs, { label: name || title }],
  });

  if (!product.data || !tree.data) return <PageLoader />;
  return (
    <EditProductForm key={product.data.id} product={product.data} tree={tree.data} readOnly={readOnly} />
  );
}
