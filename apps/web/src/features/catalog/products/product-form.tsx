import { Fieldset } from '@mantine/core';
import { type CategoryTreeNode, PRODUCT_GRADES, type ProductResponse } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { FormShell, type FormViewProps } from '../../../ui/form-shell';
import {
  type TranslatableText,
  TranslationsFieldset,
  useTranslationLabels,
} from '../../../ui/translations-fieldset';
import {
  CategoryFields,
  IdentityFields,
  ImageFields,
  MeasureFields,
  PriceFields,
  SellerFields,
} from './product-form-sections';
import { MEASURES, type ProductFormValues } from './product-form-values';
import type { ProductForm } from './use-product-form';

interface ProductFormViewProps extends FormViewProps<ProductFormValues> {
  form: ProductForm;
  /** The product being edited; absent on create. */
  product: ProductResponse | null;
  tree: readonly CategoryTreeNode[];
}

/** Field labels by form path, for the error summary. */
function useFieldLabels(): Record<string, string> {
  const { t } = useTranslation(['products', 'catalog']);
  const fields = [
    'name',
    'status',
    'brand',
    'model',
    'reference',
    'buyerReference',
    'eanCode',
    'tacCodes',
    'mainCategoryId',
    'secondaryCategoryIds',
    'image',
    'imageHd',
    'commentForSeller',
  ];
  const keyOf: Record<string, string> = {
    mainCategoryId: 'mainCategory',
    secondaryCategoryIds: 'secondaryCategories',
  };
  return Object.fromEntries([
    ...fields.map((field) => [field, t(`products:form.${keyOf[field] ?? field}`)]),
    ...PRODUCT_GRADES.map((grade) => [`buybackPrices.${grade}`, t(`catalog:grade.${grade}`)]),
    ...MEASURES.map((measure) => [measure, t(`catalog:measure.${measure}`)]),
  ]);
}

/** The product form of the create and edit screens. */
export function ProductFormView({ form, product, tree, ...view }: ProductFormViewProps) {
  const { t } = useTranslation('products');
  const texts: TranslatableText[] = [
    { label: t('form.name'), pathOf: (l) => `translations.${l}.name`, base: form.values.name },
  ];
  const labels = { ...useTranslationLabels(texts), ...useFieldLabels() };
  return (
    <FormShell form={form} labels={labels} ns="products" cancelTo="/products" {...view}>
      <Fieldset legend={t('form.identity')} disabled={view.readOnly}>
        <IdentityFields form={form} />
      </Fieldset>
      <TranslationsFieldset form={form} texts={texts} disabled={view.readOnly} />
      <Fieldset legend={t('form.categories')} disabled={view.readOnly}>
        <CategoryFields form={form} tree={tree} />
      </Fieldset>
      <Fieldset legend={t('form.prices')} disabled={view.readOnly}>
        <PriceFields form={form} />
      </Fieldset>
      <Fieldset legend={t('form.images')} disabled={view.readOnly}>
        <ImageFields form={form} product={product} />
      </Fieldset>
      <Fieldset legend={t('form.seller')} disabled={view.readOnly}>
        <SellerFields form={form} />
      </Fieldset>
      <Fieldset legend={t('form.measures')} disabled={view.readOnly}>
        <MeasureFields form={form} product={product} />
      </Fieldset>
    </FormShell>
  );
}
