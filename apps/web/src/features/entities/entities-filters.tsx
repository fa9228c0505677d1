import { Select } from '@mantine/core';
import { ORGANIZATION_TYPES, STATUSES } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { FiltersBar, SearchFilter } from '../../ui/list-filters';

/** The filters of the entities list, as the address holds them. */
export const ENTITY_FILTERS = ['search', 'type', 'status'] as const;
export type EntityFilter = (typeof ENTITY_FILTERS)[number];

interface EntitiesFiltersProps {
  values: Record<EntityFilter, string | null>;
  onChange: (name: EntityFilter, value: string | null) => void;
  onClear: () => void;
}

/** Search, type and status filters, applied as soon as they change. */
export function EntitiesFilters({ values, onChange, onClear }: EntitiesFiltersProps) {
  const { t } = useTranslation(['entities', 'common']);
  const all = t('entities:filters.all');
  return (
    <FiltersBar
      label={t('entities:filters.label')}
      clearLabel={t('entities:filters.clear')}
      active={ENTITY_FILTERS.some((name) => values[name])}
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
