import { Alert, Badge, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  ABSORPTION_TYPES,
  type AbsorptionType,
  CATEGORY_DESCRIPTION_MAX,
  type CategoryResponse,
  type CategoryTreeNode,
  STATUSES,
} from '@reprise/shared';
import { IconCrown } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { MoneyInput } from '../../../ui/money-input';
import { useRootDetail } from '../../settings';
import { CatalogImageField } from '../catalog-image-field';
import { CategorySelect } from '../category-select';
import { findCategory, subtreeIds } from '../category-tree';
import { MeasureInput } from '../measure-input';
import { suggestIdentifier } from './category-form-values';
import { CatalogueAccountSelect } from './category-owner-fields';
import type { CategoryForm } from './use-category-form';

const SHORT_TEXT_MAX = 255;

interface SectionProps {
  form: CategoryForm;
  /** The category being edited; absent on create. */
  category: CategoryResponse | null;
}

interface GeneralFieldsProps extends SectionProps {
  tree: readonly CategoryTreeNode[];
  withAccount: boolean;
}

export function GeneralFields({ form, category, tree, withAccount }: GeneralFieldsProps) {
  const { t } = useTranslation(['categories', 'common', 'catalog']);
  const excluded = useMemo(() => {
    const node = category ? findCategory(tree, category.id) : null;
    return node ? subtreeIds(node) : undefined;
  }, [tree, category]);
  const labelProps = form.getInputProps('label');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {withAccount && !category && <CatalogueAccountSelect form={form} />}
      <TextInput
        label={t('categories:form.label')}
        required
        {...labelProps}
        onChange={(event) => {
          const label = event.currentTarget.value;
          const { identifier, label: previous } = form.getValues();
          // On creation the identifier follows the label until the user writes one.
          if (!category && identifier === suggestIdentifier(previous))
            form.setFieldValue('identifier', suggestIdentifier(label));
          form.setFieldValue('label', label);
        }}
      />
      <TextInput
        label={t('categories:form.identifier')}
        description={t('categories:form.identifierHelp')}
        required
        autoCapitalize="none"
        spellCheck={false}
        {...form.getInputProps('identifier')}
      />
      <CategorySelect
        label={t('categories:form.parent')}
        description={t('categories:form.parentHelp')}
        placeholder={t('categories:form.noParent')}
        tree={tree}
        exclude={excluded}
        accountId={withAccount ? (category?.accountId ?? form.values.accountId) : null}
        clearable
        {...form.getInputProps('parentCategoryId')}
      />
      <Select
        label={t('categories:form.status')}
        data={STATUSES.map((status) => ({ value: status, label: t(`common:status.${status}`) }))}
        allowDeselect={false}
        required
        {...form.getInputProps('status')}
      />
      <Textarea
        label={t('categories:form.description')}
        description={t('catalog:counter', {
          count: form.values.description.length,
          max: CATEGORY_DESCRIPTION_MAX,
        })}
        autosize
        minRows={3}
        maxRows={10}
        {...form.getInputProps('description')}
      />
      <Textarea
        label={t('categories:form.highlightedInstruction')}
        description={t('categories:form.highlightedInstructionHelp', {
          count: form.values.highlightedInstruction.length,
          max: SHORT_TEXT_MAX,
        })}
        autosize
        minRows={3}
        maxRows={6}
        {...form.getInputProps('highlightedInstruction')}
      />
      <Textarea
        label={t('categories:form.childrenDescription')}
        description={t('categories:form.childrenDescriptionHelp', {
          count: form.values.childrenDescription.length,
          max: SHORT_TEXT_MAX,
        })}
        autosize
        minRows={2}
        maxRows={6}
        {...form.getInputProps('childrenDescription')}
      />
    </SimpleGrid>
  );
}

export function ImageFields({ form, category }: SectionProps) {
  const { t } = useTranslation('categories');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <CatalogImageField
        label={t('form.image')}
        current={category?.image?.url ?? null}
        value={form.values.image}
        onChange={(image) => {
          form.setFieldValue('image', image);
          form.clearFieldError('image');
        }}
        error={form.errors.image}
      />
      <TextInput
        label={t('form.imageAlt')}
        description={t('form.imageAltHelp')}
        {...form.getInputProps('imageAlt')}
      />
    </SimpleGrid>
  );
}

export function MeasureFields({ form }: { form: CategoryForm }) {
  const { t } = useTranslation(['categories', 'catalog']);
  const cm = t('catalog:unit.cm');
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        {t('categories:form.measuresHelp')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <MeasureInput
          label={t('catalog:measure.weight')}
          unit={t('catalog:unit.g')}
          required
          {...form.getInputProps('defaultWeight')}
        />
        <MeasureInput
          label={t('catalog:measure.height')}
          unit={cm}
          {...form.getInputProps('defaultHeight')}
        />
        <MeasureInput
          label={t('catalog:measure.length')}
          unit={cm}
          {...form.getInputProps('defaultLength')}
        />
        <MeasureInput label={t('catalog:measure.width')} unit={cm} {...form.getInputProps('defaultWidth')} />
      </SimpleGrid>
    </>
  );
}

/**
 * Whether the catalogue's account holds the premium feature `absorption` (the category's account,
 * the one an operator names, else the user's): without it an absorption would do nothing, and the
 * server refuses to set one (`premium_feature_required`).
 */
function useAbsorptionLocked(form: CategoryForm, category: CategoryResponse | null): boolean {
  const { module, user } = useSession();
  const accountId =
    category?.accountId ??
    (module === 'root' ? form.values.accountId : (user?.currentOrganization.account.id ?? null));
  const detail = useRootDetail(accountId ?? '');
  return detail.isSuccess && !detail.data.enabledPremiumFeatures.includes('absorption');
}

export function AbsorptionFields({ form, category }: SectionProps) {
  const { t } = useTranslation('categories');
  const type = form.values.absorptionType;
  const valueProps = form.getInputProps('absorptionValue');
  const locked = useAbsorptionLocked(form, category);
  // without the feature only "none" can be chosen, besides the absorption the category already has
  const kept = category?.absorptionType ?? 'none';
  return (
    <Stack gap="md">
      {locked && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconCrown aria-hidden />}
          title={
            <Group gap="xs">
              {t('form.absorptionPremiumTitle')}
              <Badge color="yellow" variant="light" leftSection={<IconCrown size={12} aria-hidden />}>
                {t('form.premium')}
              </Badge>
            </Group>
          }
          data-testid="absorption-premium"
        >
          {t('form.absorptionPremiumText')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t('form.absorptionType')}
          description={t('form.absorptionHelp')}
          data={ABSORPTION_TYPES.map((value) => ({
            value,
            label: t(`absorption.${value}`),
            disabled: locked && value !== 'none' && value !== kept,
          }))}
          allowDeselect={false}
          required
          {...form.getInputProps('absorptionType')}
          onChange={(value) => {
            const next = (value ?? 'none') as AbsorptionType;
            form.setFieldValue('absorptionType', next);
            // back to the category's own type: its own value again (the one that may be kept)
            form.setFieldValue(
              'absorptionValue',
              category && next === kept ? form.getInitialValues().absorptionValue : '',
            );
          }}
        />
        {type === 'by_value' && (
          <MoneyInput label={t('form.absorptionAmount')} required disabled={locked} {...valueProps} />
        )}
        {(type === 'percentage_of_controlled_amount' || type === 'percentage_of_declared_amount') && (
          <MeasureInput
            label={t('form.absorptionPercentage')}
            unit="%"
            required
            disabled={locked}
            {...valueProps}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
