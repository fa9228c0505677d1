import { Fieldset } from '@mantine/core';
import type { CategoryResponse, CategoryTreeNode } from '@reprise/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormShell } from '../../../ui/form-shell';
import {
  type TranslatableText,
  TranslationsFieldset,
  useTranslationLabels,
} from '../../../ui/translations-fieldset';
import { AbsorptionFields, GeneralFields, ImageFields, MeasureFields } from './category-form-sections';
import type { CategoryFormValues } from './category-form-values';
import { BuyerFields } from './category-owner-fields';
import type { CategoryForm } from './use-category-form';

interface CategoryFormViewProps {
  form: CategoryForm;
  /** The category being edited; absent on create. */
  category: CategoryResponse | null;
  tree: readonly CategoryTreeNode[];
  /** Platform operators name the catalogue of a new category. */
  withAccount: boolean;
  onSubmit: (values: CategoryFormValues) => void;
  submitting: boolean;
  submitLabel: string;
  readOnly?: boolean;
  footer?: ReactNode;
}

/** Field labels by form path, for the error summary. */
function useFieldLabels(): Record<string, string> {
  const { t } = useTranslation(['categories', 'catalog']);
  const fields = [
    'account',
    'label',
    'identifier',
    'parent',
    'status',
    'description',
    'highlightedInstruction',
    'childrenDescription',
    'image',
    'imageAlt',
    'absorptionType',
    'buyer',
    'warehouses',
  ] as const;
  const paths: Record<(typeof fields)[number], string> = {
    account: 'accountId',
    label: 'label',
    identifier: 'identifier',
    parent: 'parentCategoryId',
    status: 'status',
    description: 'description',
    highlightedInstruction: 'highlightedInstruction',
    childrenDescription: 'childrenDescription',
    image: 'image',
    imageAlt: 'imageAlt',
    absorptionType: 'absorptionType',
    buyer: 'buyerAccountId',
    warehouses: 'referringWarehouseIds',
  };
  return {
    ...Object.fromEntries(fields.map((field) => [paths[field], t(`categories:form.${field}`)])),
    absorptionValue: t('categories:form.absorptionValue'),
    defaultWeight: t('catalog:measure.weight'),
    defaultHeight: t('catalog:measure.height'),
    defaultLength: t('catalog:measure.length'),
    defaultWidth: t('catalog:measure.width'),
  };
}

/** The category form of the create and edit screens. */
export function CategoryFormView({
  form,
  category,
  tree,
  withAccount,
  onSubmit,
  submitting,
  submitLabel,
  readOnly = false,
  footer,
}: CategoryFormViewProps) {
  const { t } = useTranslation('categories');
  const texts: TranslatableText[] = [
    { label: t('form.label'), pathOf: (l) => `translations.${l}.label`, base: form.values.label },
    {
      label: t('form.description'),
      pathOf: (l) => `translations.${l}.description`,
      base: form.values.description,
      multiline: true,
    },
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
      cancel={{ to: '/categories/list', label: t('form.cancel'), backLabel: t('form.back') }}
      footer={footer}
    >
      <Fieldset legend={t('form.general')} disabled={readOnly}>
        <GeneralFields form={form} category={category} tree={tree} withAccount={withAccount} />
      </Fieldset>
      <TranslationsFieldset form={form} texts={texts} disabled={readOnly} />
      <Fieldset legend={t('form.imageSection')} disabled={readOnly}>
        <ImageFields form={form} category={category} />
      </Fieldset>
      <Fieldset legend={t('form.measures')} disabled={readOnly}>
        <MeasureFields form={form} />
      </Fieldset>
      <Fieldset legend={t('form.absorption')} disabled={readOnly}>
        <AbsorptionFields form={form} />
      </Fieldset>
      <Fieldset legend={t('form.buyerSection')} disabled={readOnly}>
        <BuyerFields form={form} category={category} />
      </Fieldset>
    </FormShell>
  );
}
