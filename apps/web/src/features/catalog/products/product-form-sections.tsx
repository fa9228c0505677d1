import { Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import {
  type CategoryTreeNode,
  PRODUCT_COMMENT_MAX,
  PRODUCT_GRADES,
  PRODUCT_STATUSES,
  type ProductResponse,
} from '@reprise/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../app/use-formatters';
import { MoneyInput } from '../../../ui/money-input';
import { CatalogImageField } from '../catalog-image-field';
import { useCategoryIndex } from '../categories/categories.queries';
import { CategoryMultiSelect } from '../category-multi-select';
import { CategorySelect } from '../category-select';
import { findCategory, flattenTree } from '../category-tree';
import { MeasureInput } from '../measure-input';
import { inheritedMeasures, MEASURES, type Measure } from './product-form-values';
import type { ProductForm } from './use-product-form';

interface SectionProps {
  form: ProductForm;
}

export function IdentityFields({ form }: SectionProps) {
  const { t } = useTranslation(['products', 'common']);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput label={t('products:form.name')} required {...form.getInputProps('name')} />
      <Select
        label={t('products:form.status')}
        description={t('products:form.statusHelp')}
        data={PRODUCT_STATUSES.map((status) => ({ value: status, label: t(`common:status.${status}`) }))}
        allowDeselect={false}
        required
        {...form.getInputProps('status')}
      />
      <TextInput label={t('products:form.brand')} {...form.getInputProps('brand')} />
      <TextInput label={t('products:form.model')} {...form.getInputProps('model')} />
      <TextInput label={t('products:form.reference')} {...form.getInputProps('reference')} />
      <TextInput label={t('products:form.buyerReference')} {...form.getInputProps('buyerReference')} />
      <TextInput
        label={t('products:form.eanCode')}
        description={t('products:form.eanCodeHelp')}
        inputMode="numeric"
        autoComplete="off"
        {...form.getInputProps('eanCode')}
      />
      <TextInput
        label={t('products:form.tacCodes')}
        description={t('products:form.tacCodesHelp')}
        inputMode="numeric"
        autoComplete="off"
        {...form.getInputProps('tacCodes')}
      />
      <Switch
        label={t('products:form.isCollectingIMEI')}
        description={t('products:form.isCollectingIMEIHelp')}
        {...form.getInputProps('isCollectingIMEI', { type: 'checkbox' })}
      />
    </SimpleGrid>
  );
}

export function CategoryFields({ form, tree }: SectionProps & { tree: readonly CategoryTreeNode[] }) {
  const { t } = useTranslation('products');
  const { mainCategoryId } = form.values;
  const accountId = useMemo(
    () => (mainCategoryId ? (findCategory(tree, mainCategoryId)?.accountId ?? null) : null),
    [tree, mainCategoryId],
  );
  // Platform operators see several catalogues: the secondary categories stay in the main one's.
  const severalCatalogues = useMemo(
    () => new Set(flattenTree(tree).map((c) => c.accountId)).size > 1,
    [tree],
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <CategorySelect
        label={t('form.mainCategory')}
        description={t('form.mainCategoryHelp')}
        tree={tree}
        required
        {...form.getInputProps('mainCategoryId')}
      />
      <CategoryMultiSelect
        label={t('form.secondaryCategories')}
        description={t('form.secondaryCategoriesHelp')}
        tree={tree}
        exclude={mainCategoryId ? new Set([mainCategoryId]) : undefined}
        accountId={severalCatalogues ? accountId : null}
        value={form.values.secondaryCategoryIds}
        onChange={(ids) => form.setFieldValue('secondaryCategoryIds', ids)}
        error={form.errors.secondaryCategoryIds}
      />
    </SimpleGrid>
  );
}

export function ImageFields({ form, product }: SectionProps & { product: ProductResponse | null }) {
  const { t } = useTranslation('products');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {(['image', 'imageHd'] as const).map((kind) => (
        <CatalogImageField
          key={kind}
          label={t(`form.${kind}`)}
          current={product?.[kind]?.url ?? null}
          value={form.values[kind]}
          onChange={(change) => {
            form.setFieldValue(kind, change);
            form.clearFieldError(kind);
          }}
          error={form.errors[kind]}
        />
      ))}
    </SimpleGrid>
  );
}

export function SellerFields({ form }: SectionProps) {
  const { t } = useTranslation(['products', 'catalog']);
  return (
    <Textarea
      label={t('products:form.commentForSeller')}
      description={t('catalog:counter', {
        count: form.values.commentForSeller.length,
        max: PRODUCT_COMMENT_MAX,
      })}
      autosize
      minRows={3}
      maxRows={8}
      {...form.getInputProps('commentForSeller')}
    />
  );
}

export function PriceFields({ form }: SectionProps) {
  const { t } = useTranslation(['products', 'catalog']);
  const { money } = useFormatters();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('products:form.pricesHelp', { max: money(5_000_000) })}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
        {PRODUCT_GRADES.map((grade) => (
          <MoneyInput
            key={grade}
            label={t(`catalog:grade.${grade}`)}
            required
            {...form.getInputProps(`buybackPrices.${grade}`)}
          />
        ))}
      </SimpleGrid>
      <Switch
        label={t('products:form.buybackZeroNotAllowed')}
        description={t('products:form.buybackZeroNotAllowedHelp')}
        {...form.getInputProps('buybackZeroNotAllowed', { type: 'checkbox' })}
      />
    </Stack>
  );
}

const UNIT: Record<Measure, 'cm' | 'g'> = { length: 'cm', width: 'cm', height: 'cm', weight: 'g' };

export function MeasureFields({ form, product }: SectionProps & { product: ProductResponse | null }) {
  const { t } = useTranslation(['products', 'catalog']);
  const categories = useCategoryIndex();
  const { mainCategoryId } = form.values;
  const inherited = useMemo(() => {
    if (categories.data) return inheritedMeasures(mainCategoryId, categories.data);
    // Until every category is known, the API's own answer holds for the saved main category.
    if (product && product.mainCategoryId === mainCategoryId)
      return {
        length: product.effectiveLength,
        width: product.effectiveWidth,
        height: product.effectiveHeight,
        weight: product.effectiveWeight,
      };
    return { length: null, width: null, height: null, weight: null };
  }, [categories.data, mainCategoryId, product]);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('products:form.measuresHelp')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {MEASURES.map((measure) => {
          const value = inherited[measure];
          const unit = t(`catalog:unit.${UNIT[measure]}`);
          return (
            <MeasureInput
              key={measure}
              label={t(`catalog:measure.${measure}`)}
              unit={unit}
              placeholder={value !== null ? String(value) : undefined}
              description={
                value !== null
                  ? t('products:form.inherited', { value, unit })
                  : mainCategoryId
                    ? t('products:form.notInherited')
                    : undefined
              }
              {...form.getInputProps(measure)}
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
