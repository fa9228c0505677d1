import { Loader, Select, type SelectProps, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { OrganizationResponse, OrganizationType } from '@reprise/shared';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizations } from './organizations.queries';

const RESULTS = 30;

interface ChosenOrganization {
  id: string;
  commonName: string;
}

interface OrganizationSelectProps
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> {
  /** Only organisations of these types are offered. */
  types: readonly OrganizationType[];
  value: string | null;
  onChange: (organization: ChosenOrganization | null) => void;
  /** Name of the current value, shown before the server has answered (edit forms). */
  selectedLabel?: string | null;
  /** Only organisations of this account (a platform admin choosing for one client, features/account-admin). */
  accountId?: string;
}

function describe(organization: OrganizationResponse): string {
  return [organization.parentCommonName, organization.address.city].filter(Boolean).join(' · ');
}

/** A searchable choice among the organisations the user sees, searched on the server as the user types. */
export function OrganizationSelect({
  types,
  value,
  onChange,
  selectedLabel,
  accountId,
  ...props
}: OrganizationSelectProps) {
  const { t } = useTranslation('entities');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  // Names seen so far by id: the search box shows the chosen one, which is not a search.
  const names = useRef(new Map<string, string>());
  if (value && selectedLabel) names.current.set(value, selectedLabel);
  const shown = value ? names.current.get(value) : undefined;
  const term = debouncedSearch && debouncedSearch !== shown ? debouncedSearch : undefined;
  const { data, isFetching } = useOrganizations(
    { type: [...types], search: term, itemsPerPage: RESULTS, 'order[commonName]': 'asc', accountId },
    { enabled: types.length > 0 },
  );

  const byId = useMemo(() => new Map(data?.member.map((o) => [o.id, o]) ?? []), [data]);
  for (const [id, organization] of byId) names.current.set(id, organization.commonName);
  const options = [...byId.values()].map((o) => ({ value: o.id, label: o.commonName }));
  if (value && !byId.has(value)) {
    const label = names.current.get(value) ?? t('select.current');
    names.current.set(value, label);
    options.unshift({ value, label });
  }

  return (
    <Select
      {...props}
      data={options}
      value={value}
      onChange={(id, option) => onChange(id ? { id, commonName: option.label } : null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the search term.
      filter={({ options: all }) => all}
      nothingFoundMessage={isFetching ? t('select.searching') : t('select.nothingFound')}
      rightSection={isFetching ? <Loader size={14} aria-hidden /> : undefined}
      renderOption={({ option }) => {
        const organization = byId.get(option.value);
        const detail = organization ? describe(organization) : '';
        return (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            {detail && (
              <Text size="xs" c="dimmed">
                {detail}
              </Text>
            )}
          </Stack>
        );
      }}
    />
  );
}
