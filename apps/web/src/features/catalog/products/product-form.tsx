import { Fieldset } from '@mantine/core';
import { type CategoryTreeNode, PRODUCT_GRADES, type ProductResponse } from '@reprise/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormShell } from '../../../ui/form-shell';
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

interface ProductFormViewProps {
  form: ProductForm;
  /** The product being edited; absent on create. */
  product: ProductResponse | null;
  tree: readonly CategoryTreeNode[];
  onSubmit: (values: ProductFormValues) => void;
  submitting: boolean;
  submitLabel: string;
  readOnly?: boolean;
  footer?: ReactNode;
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
export function ProductFormView({
  form,
  product,
  tree,
  onSubmit,
  submitting,
  submitLabel,
  readOnly = false,
  footer,
}: ProductFormViewProps) {
  const { t } = useTranslation('products');
  const texts: TranslatableText[] = [
    { label: t('form.name'), pathOf: (l) => `translations.${l}.name`, base: form.values.name },
  ];
  const labels = { ...useTranslationLabels(texts), ...useFieldLabels() };
  return (
    <FormShell
      form={form}
      labels={labels}
      onSubmit={onSubmit}
      submitLabel={submitLabel}
      submitting={submitting}
      readOnlyNote={readOnly ? t('form.readOnly') : null}
      cancel={{ to: '/products', label: t('form.cancel'), backLabel: t('form.back') }}
      footer={footer}
    >
      <Fieldset legend={t('form.identity')} disabled={readOnly}>
        <IdentityFields form={form} />
      </Fieldset>
      <TranslationsFieldset form={form} texts={texts} disabled={readOnly} />
      <Fieldset legend={t('form.categories')} disabled={readOnly}>
        <CategoryFields form={form} tree={tree} />
      </Fieldset>
      <Fieldset legend={t('form.prices')} disabled={readOnly}>
        <PriceFields form={form} />
      </Fieldset>
      <Fieldset legend={t('form.images')} disabled={readOnly}>
        <ImageFields form={form} product={product} />
      </Fieldset>
      <Fieldset legend={t('form.seller')} disabled={readOnly}>
        <SellerFields form={form} />
      </Fieldset>
      <Fieldset legend={t('form.measures')} disabled={readOnly}>
        <MeasureFields form={form} product={product} />
      </Fieldset>
    </FormShell>
  );
}
