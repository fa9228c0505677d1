import { MultiSelect, TextInput } from '@mantine/core';
import {
  BUYBACK_PAYMENT_TYPES,
  BUYBACK_STATUSES,
  type Collection,
  type OrganizationResponse,
} from '@reprise/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { api } from '../../lib/api';
import { FiltersBar, SearchFilter } from '../../ui/list-filters';
import { buybacksKeys } from '../buybacks';
import {
  type BuybackFilterValues,
  LIST_FILTERS,
  type ListFilter,
  TEXT_FILTERS,
  type TextFilter,
} from './buyback-filter-values';

function useStoreOptions(enabled: boolean) {
  return useQuery({
    queryKey: buybacksKeys.filterStores(),
    enabled,
    queryFn: ({ signal }) =>
      api.get<Collection<OrganizationResponse>>('/organizations', {
        query: { type: ['store'], itemsPerPage: 100, 'order[commonName]': 'asc' },
        signal,
      }),
    select: (data) => data.member.map((store) => ({ value: store.id, label: store.commonName })),
    staleTime: 5 * 60_000,
  });
}

interface BuybacksFiltersProps {
  values: BuybackFilterValues;
  onText: (name: TextFilter, value: string | null) => void;
  onList: (name: ListFilter, values: string[]) => void;
  onClear: () => void;
}

/** Code, external code, status, dates, store (for those who see several), customer name and payment type. */
export function BuybacksFilters({ values, onText, onList, onClear }: BuybacksFiltersProps) {
  const { t } = useTranslation('buybacks');
  const { can } = useSession();
  const withStores = can('organization.list');
  const stores = useStoreOptions(withStores);
  const all = t('filters.all');
  const codeInvalid = values.text.code !== '' && !/^\d{1,13}$/.test(values.text.code.trim());
  const active =
    TEXT_FILTERS.some((name) => values.text[name]) ||
    LIST_FILTERS.some((name) => values.lists[name].length > 0);

  return (
    <FiltersBar label={t('filters.label')} clearLabel={t('filters.clear')} active={active} onClear={onClear}>
      <div>
        <SearchFilter
          label={t('filters.code')}
          placeholder={t('filters.codePlaceholder')}
          value={values.text.code}
          onChange={(value) => onText('code', value)}
        />
        {codeInvalid && (
          <span
            role="alert"
            style={{ color: 'var(--mantine-color-error)', fontSize: 'var(--mantine-font-size-xs)' }}
          >
            {t('filters.codeInvalid')}
          </span>
        )}
      </div>
      <SearchFilter
        label={t('filters.externalCode')}
        value={values.text.externalCode}
        onChange={(value) => onText('externalCode', value)}
      />
      <SearchFilter
        label={t('filters.customerName')}
        value={values.text.customerName}
        onChange={(value) => onText('customerName', value)}
      />
      <MultiSelect
        label={t('filters.status')}
        placeholder={values.lists.status.length ? undefined : all}
        data={BUYBACK_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        value={values.lists.status}
        onChange={(next) => onList('status', next)}
        clearable
        searchable
      />
      <MultiSelect
        label={t('filters.paymentType')}
        placeholder={values.lists.paymentType.length ? undefined : all}
        data={BUYBACK_PAYMENT_TYPES.map((type) => ({ value: type, label: t(`paymentType.${type}`) }))}
        value={values.lists.paymentType}
        onChange={(next) => onList('paymentType', next)}
        clearable
      />
      {withStores && (
        <MultiSelect
          label={t('filters.store')}
          placeholder={values.lists.store.length ? undefined : all}
          data={stores.data ?? []}
          value={values.lists.store}
          onChange={(next) => onList('store', next)}
          clearable
          searchable
        />
      )}
      <TextInput
        type="date"
        label={t('filters.after')}
        value={values.text['createdAt[after]']}
        onChange={(event) => onText('createdAt[after]', event.currentTarget.value || null)}
      />
      <TextInput
        type="date"
        label={t('filters.before')}
        value={values.text['createdAt[before]']}
        onChange={(event) => onText('createdAt[before]', event.currentTarget.value || null)}
      />
    </FiltersBar>
  );
}
