import {
  Alert,
  Fieldset,
  Group,
  Loader,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { REFURB_STEP_KINDS, REFURB_TEXT_MAX, type RefurbStepStockOptionsResponse } from '@reprise/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormShell, type FormViewProps } from '../../ui/form-shell';
import { MoneyInput } from '../../ui/money-input';
import { stockLabel } from '../warehouse-checkin';
import { useStockOptions } from './refurb-config.queries';
import type { RefurbStepFormValues } from './refurb-step-form-values';
import type { RefurbStepFormState } from './use-refurb-step-form';

interface RefurbStepFormViewProps extends FormViewProps<RefurbStepFormValues> {
  form: RefurbStepFormState;
  /** The buyer account a platform operator configures (null: the user's own). */
  account: string | null;
  backTo: string;
}

type Warehouse = RefurbStepStockOptionsResponse['warehouses'][number];

function useFieldLabels(warehouses: readonly Warehouse[]): Record<string, string> {
  const { t } = useTranslation('refurbConfig');
  return {
    name: t('stepForm.name'),
    description: t('stepForm.description'),
    stockId: t('stepForm.stock'),
    kind: t('stepForm.kind'),
    erasureMethod: t('stepForm.erasureMethod'),
    costs: t('stepForm.costs'),
    ...Object.fromEntries(
      warehouses.map((w) => [`costs.${w.id}`, t('stepForm.cost', { warehouse: w.commonName })]),
    ),
  };
}

/** The stocks of the account grouped by warehouse, a native stock under its translated name. */
function useStockData(options: RefurbStepStockOptionsResponse | undefined) {
  const { t } = useTranslation(['refurbConfig', 'warehouseCheckin']);
  return useMemo(
    () =>
      (options?.warehouses ?? []).map((warehouse) => ({
        group: warehouse.commonName,
        items: (options?.stocks ?? [])
          .filter((stock) => stock.warehouseId === warehouse.id)
          .map((stock) => ({ value: stock.id, label: stockLabel(t, stock) })),
      })),
    [options, t],
  );
}

/** The form of a service: name, description, stock, kind (a data erasure's method) and a cost per warehouse. */
export function RefurbStepFormView({ form, account, backTo, ...view }: RefurbStepFormViewProps) {
  const { t } = useTranslation('refurbConfig');
  const options = useStockOptions(account);
  const warehouses = options.data?.warehouses ?? [];
  const labels = useFieldLabels(warehouses);
  const stocks = useStockData(options.data);
  const values = form.values;
  return (
    <FormShell
      form={form}
      labels={labels}
      ns="refurbConfig"
      keyPrefix="stepForm"
      cancelTo={backTo}
      maxWidth={900}
      {...view}
    >
      {form.errors.root && (
        <Alert color="red" role="alert">
          {form.errors.root}
        </Alert>
      )}
      <Fieldset legend={t('stepForm.general')}>
        <Stack gap="md">
          <TextInput
            label={t('stepForm.name')}
            description={t('stepForm.counter', { count: values.name.length, max: REFURB_TEXT_MAX })}
            required
            autoFocus
            {...form.getInputProps('name')}
          />
          <Textarea
            label={t('stepForm.description')}
            description={t('stepForm.counter', { count: values.description.length, max: REFURB_TEXT_MAX })}
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('description')}
          />
          <Select
            label={t('stepForm.stock')}
            description={t('stepForm.stockHelp')}
            placeholder={t('stepForm.stockPlaceholder')}
            required
            searchable
            nothingFoundMessage={t('stepForm.noStock')}
            data={stocks}
            rightSection={options.isPending ? <Loader size="xs" /> : undefined}
            {...form.getInputProps('stockId')}
          />
        </Stack>
      </Fieldset>

      <Fieldset legend={t('stepForm.kind')}>
        <Stack gap="md">
          <Radio.Group
            label={t('stepForm.kind')}
            description={t(`stepForm.kindHelp.${values.kind}`)}
            {...form.getInputProps('kind')}
          >
            <Group mt="xs" gap="lg">
              {REFURB_STEP_KINDS.map((kind) => (
                <Radio key={kind} value={kind} label={t(`kind.${kind}`)} />
              ))}
            </Group>
          </Radio.Group>
          {values.kind === 'data_erasure' && (
            <TextInput
              label={t('stepForm.erasureMethod')}
              description={t('stepForm.erasureMethodHelp')}
              required
              {...form.getInputProps('erasureMethod')}
            />
          )}
        </Stack>
      </Fieldset>

      <Fieldset legend={t('stepForm.costs')}>
        <Text size="sm" c="dimmed" mb="sm">
          {t('stepForm.costsHelp')}
        </Text>
        {options.isPending ? (
          <Loader size="sm" aria-label={t('stepForm.loading')} />
        ) : warehouses.length === 0 ? (
          <Text size="sm">{t('stepForm.noWarehouse')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {warehouses.map((warehouse) => (
              <MoneyInput
                key={warehouse.id}
                label={t('stepForm.cost', { warehouse: warehouse.commonName })}
                {...form.getInputProps(`costs.${warehouse.id}`)}
                value={values.costs[warehouse.id] ?? ''}
              />
            ))}
          </SimpleGrid>
        )}
        {form.errors.costs && (
          <Text c="red" size="sm" role="alert" mt="xs">
            {form.errors.costs}
          </Text>
        )}
      </Fieldset>
    </FormShell>
  );
}
