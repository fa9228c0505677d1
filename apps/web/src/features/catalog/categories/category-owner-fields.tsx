import { MultiSelect, Select, SimpleGrid } from '@mantine/core';
import { type CategoryResponse, MAX_PAGE_SIZE } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { useOrganizations } from '../../organizations';
import { useBuyerChoices } from './categories.queries';
import type { CategoryForm } from './use-category-form';

/** Retailer catalogues a platform operator may add a category to. */
export function CatalogueAccountSelect({ form }: { form: CategoryForm }) {
  const { t } = useTranslation('categories');
  const roots = useOrganizations({
    type: ['root_management_unit'],
    itemsPerPage: MAX_PAGE_SIZE,
    'order[commonName]': 'asc',
  });
  const data = (roots.data?.member ?? []).map((o) => ({ value: o.accountId, label: o.commonName }));
  return (
    <Select
      label={t('form.account')}
      description={t('form.accountHelp')}
      data={data}
      searchable
      required
      {...form.getInputProps('accountId')}
      onChange={(value) => {
        form.setFieldValue('accountId', value);
        // Parents and buyers belong to the catalogue.
        form.setFieldValue('parentCategoryId', null);
        form.setFieldValue('buyerAccountId', null);
        form.setFieldValue('referringWarehouseIds', []);
      }}
    />
  );
}

/** The buyer (fixed after creation) and the warehouses that receive the category's products. */
export function BuyerFields({ form, category }: { form: CategoryForm; category: CategoryResponse | null }) {
  const { t } = useTranslation('categories');
  const { module, user, can } = useSession();
  const editing = category !== null;
  // an operator names the catalogue first; everyone else writes their current module's account's;
  // readers choose nothing
  const accountId = !can('category.create')
    ? null
    : editing
      ? category.accountId
      : module === 'root'
        ? form.values.accountId
        : (user?.currentOrganization.account.id ?? null);
  const choices = useBuyerChoices(accountId);
  const { buyerAccountId } = form.values;
  const buyers = (choices.data ?? []).map((b) => ({ value: b.accountId, label: b.name }));
  if (category && !buyers.some((b) => b.value === category.buyerAccountId))
    buyers.unshift({ value: category.buyerAccountId, label: category.buyerAccountName });
  const warehouses = (choices.data?.find((b) => b.accountId === buyerAccountId)?.warehouses ?? []).map(
    (w) => ({
      value: w.id,
      label: w.commonName,
    }),
  );
  for (const current of category?.referringWarehouses ?? [])
    if (!warehouses.some((w) => w.value === current.id))
      warehouses.push({ value: current.id, label: current.commonName });
  const nothingFound = choices.isFetching ? t('form.searching') : t('form.nothingFound');

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Select
        label={t('form.buyer')}
        description={editing ? t('form.buyerImmutable') : t('form.buyerHelp')}
        data={buyers}
        searchable
        required
        disabled={editing}
        nothingFoundMessage={nothingFound}
        {...form.getInputProps('buyerAccountId')}
        onChange={(value) => {
          form.setFieldValue('buyerAccountId', value);
          // Warehouses belong to the buyer; a buyer with one warehouse gets it at once.
          const own = choices.data?.find((b) => b.accountId === value)?.warehouses ?? [];
          form.setFieldValue('referringWarehouseIds', own.length === 1 ? [own[0]!.id] : []);
        }}
      />
      <MultiSelect
        label={t('form.warehouses')}
        description={t('form.warehousesHelp')}
        placeholder={buyerAccountId ? undefined : t('form.chooseBuyerFirst')}
        data={warehouses}
        disabled={!buyerAccountId}
        searchable
        required
        nothingFoundMessage={nothingFound}
        {...form.getInputProps('referringWarehouseIds')}
      />
    </SimpleGrid>
  );
}
