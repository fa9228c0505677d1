import { Fieldset } from '@mantine/core';
import type { CategoryResponse, CategoryTreeNode } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { FormShell, type FormViewProps } from '../../../ui/form-shell';
import {
  type TranslatableText,
  TranslationsFieldset,
  useTranslationLabels,
} from '../../../ui/translations-fieldset';
import { AbsorptionFields, GeneralFields, ImageFields, MeasureFields } from './category-form-sections';
import type { CategoryFormValues } from './category-form-values';
import { BuyerFields } from './category-owner-fields';
import type { CategoryForm } from './use-category-form';

interface CategoryFormViewProps extends FormViewProps<CategoryFormValues> {
  form: CategoryForm;
  /** The category being edited; absent on create. */
  category: CategoryResponse | null;
  tree: readonly CategoryTreeNode[];
  /** Platform operators name the catalogue of a new category. */
  withAccount: boolean;
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
export function CategoryFormView({ form, category, tree, withAccount, ...view }: CategoryFormViewProps) {
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
    <FormShell form={form} labels={labels} ns="categories" cancelTo="/categories/list" {...view}>
      <Fieldset legend={t('form.general')} disabled={view.readOnly}>
        <GeneralFields form={form} category={category} tree={tree} withAccount={withAccount} />
      </Fieldset>
      <TranslationsFieldset form={form} texts={texts} disabled={view.readOnly} />
      <Fieldset legend={t('form.imageSection')} disabled={view.readOnly}>
        <ImageFields form={form} category={category} />
      </Fieldset>
      <Fieldset legend={t('form.measures')} disabled={view.readOnly}>
        <MeasureFields form={form} />
      </Fieldset>
      <Fieldset legend={t('form.absorption')} disabled={view.readOnly}>
        <AbsorptionFields form={form} category={category} />
      </Fieldset>
      <Fieldset legend={t('form.buyerSection')} disabled={view.readOnly}>
        <BuyerFields form={form} category={category} />
      </Fieldset>
    </FormShell>
  );
}
