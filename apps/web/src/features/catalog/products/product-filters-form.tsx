import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { CategoryTreeNode } from '@reprise/shared';
import { IconAlertTriangle, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NumberField, toCents, toUnits } from '../../../ui/money';
import { MoneyInput } from '../../../ui/money-input';
import { CategoryMultiSelect } from '../category-multi-select';
import {
  DEFAULT_PRODUCT_FILTERS,
  PRODUCT_STATUS_FILTERS,
  type ProductFilters,
  type ProductStatusFilter,
  pricesInverted,
} from './product-list-query';

interface Draft {
  search: string;
  status: ProductStatusFilter;
  minPrice: NumberField;
  maxPrice: NumberField;
  categories: string[];
}

const draftOf = (filters: ProductFilters): Draft => ({
  ...filters,
  minPrice: toUnits(filters.minPrice),
  maxPrice: toUnits(filters.maxPrice),
});

/** A price bound in cents; what is not a usable amount is no bound. */
function bound(value: NumberField): number | null {
  const cents = toCents(value);
  return cents !== null && Number.isFinite(cents) && cents >= 0 ? cents : null;
}

interface ProductFiltersFormProps {
  /** The filters the list shows now (from the address). */
  applied: ProductFilters;
  tree: readonly CategoryTreeNode[];
  onSearch: (filters: ProductFilters) => void;
  onClear: () => void;
}

/**
 * The products filter form: applied with Search, reset with Clear. A minimum
 * above the maximum shows a warning and is not searched.
 */
export function ProductFiltersForm({ applied, tree, onSearch, onClear }: ProductFiltersFormProps) {
  const { t } = useTranslation('products');
  const [draft, setDraft] = useState<Draft>(() => draftOf(applied));
  const warningId = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const min = bound(draft.minPrice);
  const max = bound(draft.maxPrice);
  const inverted = pricesInverted(min, max);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (inverted) return;
    onSearch({
      search: draft.search.trim(),
      status: draft.status,
      minPrice: min,
      maxPrice: max,
      categories: draft.categories,
    });
  };

  return (
    <search aria-label={t('filters.label')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" mb="md">
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
            <TextInput
              type="search"
              label={t('filters.name')}
              placeholder={t('filters.namePlaceholder')}
              value={draft.search}
              onChange={(event) => set('search', event.currentTarget.value)}
            />
            <Select
              label={t('filters.status')}
              data={PRODUCT_STATUS_FILTERS.map((value) => ({ value, label: t(`filters.statuses.${value}`) }))}
              value={draft.status}
              onChange={(value) =>
                set('status', (value ?? DEFAULT_PRODUCT_FILTERS.status) as ProductStatusFilter)
              }
              allowDeselect={false}
            />
            <MoneyInput
              label={t('filters.minPrice')}
              value={draft.minPrice}
              onChange={(value) => set('minPrice', value)}
              aria-describedby={inverted ? warningId : undefined}
            />
            <MoneyInput
              label={t('filters.maxPrice')}
              value={draft.maxPrice}
              onChange={(value) => set('maxPrice', value)}
              aria-describedby={inverted ? warningId : undefined}
            />
          </SimpleGrid>
          {inverted && (
            <Alert id={warningId} color="orange" icon={<IconAlertTriangle aria-hidden />} role="alert" p="xs">
              {t('filters.priceWarning')}
            </Alert>
          )}
          <CategoryMultiSelect
            label={t('filters.categories')}
            placeholder={t('filters.categoriesPlaceholder')}
            tree={tree}
            value={draft.categories}
            onChange={(ids) => set('categories', ids)}
          />
          <Group justify="flex-end" gap="xs">
            <Button
              variant="default"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={() => {
                setDraft(draftOf(DEFAULT_PRODUCT_FILTERS));
                onClear();
              }}
            >
              {t('filters.clear')}
            </Button>
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
              {t('filters.search')}
            </Button>
          </Group>
        </Stack>
      </form>
    </search>
  );
}
