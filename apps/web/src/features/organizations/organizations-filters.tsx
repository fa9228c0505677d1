import { Select } from '@mantine/core';
import { ORGANIZATION_TYPES, STATUSES } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { FiltersBar, SearchFilter } from '../../ui/list-filters';

/** The filters of the organisations list, as the address holds them. */
export const ORGANIZATION_FILTERS = ['search', 'type', 'status'] as const;
export type OrganizationFilter = (typeof ORGANIZATION_FILTERS)[number];

interface OrganizationsFiltersProps {
  values: Record<OrganizationFilter, string | null>;
  onChange: (name: OrganizationFilter, value: string | null) => void;
  onClear: () => void;
}

/** Search, type and status filters, applied as soon as they change. */
export function OrganizationsFilters({ values, onChange, onClear }: OrganizationsFiltersProps) {
  const { t } = useTranslation(['entities', 'common']);
  const all = t('entities:filters.all');
  return (
    <FiltersBar
      label={t('entities:filters.label')}
      clearLabel={t('entities:filters.clear')}
      active={ORGANIZATION_FILTERS.some((name) => values[name])}
      onClear={onClear}
    >
      <SearchFilter
        label={t('entities:filters.search')}
        placeholder={t('entities:filters.searchPlaceholder')}
        value={values.search ?? ''}
        onChange={(value) => onChange('search', value)}
      />
      <Select
        label={t('entities:filters.type')}
        placeholder={all}
        data={ORGANIZATION_TYPES.map((type) => ({ value: type, label: t(`entities:type.${type}`) }))}
        value={values.type}
        onChange={(value) => onChange('type', value)}
        clearable
      />
      <Select
        label={t('entities:filters.status')}
        placeholder={all}
        data={STATUSES.map((status) => ({ value: status, label: t(`common:status.${status}`) }))}
        value={values.status}
        onChange={(value) => onChange('status', value)}
        clearable
      />
    </FiltersBar>
  );
}
