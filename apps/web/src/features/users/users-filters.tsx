import { Select } from '@mantine/core';
import { MODULE_TYPES, STATUSES, USER_TYPES } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { FiltersBar, SearchFilter } from '../../ui/list-filters';

/** The filters of the users list, as the address holds them. */
export const USER_FILTERS = ['search', 'status', 'userType', 'moduleType'] as const;
export type UserFilter = (typeof USER_FILTERS)[number];

interface UsersFiltersProps {
  values: Record<UserFilter, string | null>;
  onChange: (name: UserFilter, value: string | null) => void;
  onClear: () => void;
}

/** Search, status, user type and module filters, applied as soon as they change. */
export function UsersFilters({ values, onChange, onClear }: UsersFiltersProps) {
  const { t } = useTranslation(['users', 'common']);
  const all = t('users:filters.all');
  return (
    <FiltersBar
      label={t('users:filters.label')}
      clearLabel={t('users:filters.clear')}
      active={USER_FILTERS.some((name) => values[name])}
      onClear={onClear}
    >
      <SearchFilter
        label={t('users:filters.search')}
        placeholder={t('users:filters.searchPlaceholder')}
        value={values.search ?? ''}
        onChange={(value) => onChange('search', value)}
      />
      <Select
        label={t('users:filters.status')}
        placeholder={all}
        data={STATUSES.map((status) => ({ value: status, label: t(`common:status.${status}`) }))}
        value={values.status}
        onChange={(value) => onChange('status', value)}
        clearable
      />
      <Select
        label={t('users:filters.userType')}
        placeholder={all}
        data={USER_TYPES.filter((type) => type !== 'pseudo_anonymous').map((type) => ({
          value: type,
          label: t(`common:userType.${type}`),
        }))}
        value={values.userType}
        onChange={(value) => onChange('userType', value)}
        searchable
        clearable
      />
      <Select
        label={t('users:filters.module')}
        placeholder={all}
        data={MODULE_TYPES.map((module) => ({ value: module, label: t(`common:module.${module}`) }))}
        value={values.moduleType}
        onChange={(value) => onChange('moduleType', value)}
        clearable
      />
    </FiltersBar>
  );
}
