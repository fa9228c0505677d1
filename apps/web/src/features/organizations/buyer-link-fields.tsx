import { Select } from '@mantine/core';
import { MAX_PAGE_SIZE, type OrganizationResponse } from '@reprise/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectedWarehouses, useOrganizations } from './organizations.queries';
import type { OrganizationForm } from './use-organization-form';

interface Option {
  value: string;
  label: string;
}

const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label);

/**
 * Buyers and warehouses an organisation may link to. A retailer does not see the buyer's account, so
 * besides the buyers in view, the buyers of the warehouses its organisations already use are offered.
 */
function useLinkChoices() {
  const warehouses = useConnectedWarehouses();
  const buyers = useOrganizations({
    type: ['buyer'],
    itemsPerPage: MAX_PAGE_SIZE,
    'order[commonName]': 'asc',
  });
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const buyer of buyers.data?.member ?? []) names.set(buyer.id, buyer.commonName);
    for (const warehouse of warehouses.data ?? []) {
      if (warehouse.parentOrganizationId && warehouse.parentCommonName)
        names.set(warehouse.parentOrganizationId, warehouse.parentCommonName);
    }
    return {
      buyers: [...names].map(([value, label]) => ({ value, label })).sort(byLabel),
      warehouses: warehouses.data ?? [],
      loading: warehouses.isPending || buyers.isPending,
    };
  }, [buyers.data, buyers.isPending, warehouses.data, warehouses.isPending]);
}

/** The options, with the current value kept visible even when it is not among them. */
function withCurrent(options: Option[], value: string | null, currentLabel: string): Option[] {
  return value && !options.some((o) => o.value === value)
    ? [{ value, label: currentLabel }, ...options]
    : options;
}

/** Warehouses of the chosen buyer; without one, every warehouse grouped by its buyer. */
function warehouseData(warehouses: OrganizationResponse[], buyer: string | null) {
  const option = (w: OrganizationResponse) => ({ value: w.id, label: w.commonName });
  if (buyer) return warehouses.filter((w) => w.parentOrganizationId === buyer).map(option);
  const groups = new Map<string, Option[]>();
  for (const warehouse of warehouses) {
    const group = warehouse.parentCommonName ?? '';
    groups.set(group, [...(groups.get(group) ?? []), option(warehouse)]);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/** The buyer (fixed after creation) and the default warehouse of a retail organisation. */
export function BuyerLinkFields({ form, editing }: { form: OrganizationForm; editing: boolean }) {
  const { t } = useTranslation('entities');
  const choices = useLinkChoices();
  const { buyer, defaultWarehouse } = form.values;
  const current = t('select.current');
  const warehouses = warehouseData(choices.warehouses, buyer);
  const known = choices.warehouses.some((w) => w.id === defaultWarehouse);
  const nothingFound = choices.loading ? t('select.searching') : t('select.nothingFound');

  return (
    <>
      <Select
        label={t('form.buyer')}
        description={editing ? t('form.buyerImmutable') : undefined}
        data={withCurrent(choices.buyers, buyer, current)}
        searchable
        clearable
        disabled={editing}
        nothingFoundMessage={nothingFound}
        {...form.getInputProps('buyer')}
        onChange={(value) => {
          form.setFieldValue('buyer', value);
          // A default warehouse belongs to the buyer.
          const warehouse = choices.warehouses.find((w) => w.id === defaultWarehouse);
          if (value && warehouse && warehouse.parentOrganizationId !== value)
            form.setFieldValue('defaultWarehouse', null);
        }}
      />
      <Select
        label={t('form.defaultWarehouse')}
        data={
          defaultWarehouse && !known
            ? [{ value: defaultWarehouse, label: current }, ...warehouses]
            : warehouses
        }
        searchable
        clearable
        nothingFoundMessage={nothingFound}
        {...form.getInputProps('defaultWarehouse')}
      />
    </>
  );
}
