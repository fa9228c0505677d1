import { Alert, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { STOCK_NAME_MAX, STOCK_TEXT_MAX, StockRequest, type StockResponse } from '@reprise/shared';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormShell, type FormViewProps } from '../../ui/form-shell';
import { zodValidator } from '../../ui/forms';
import { stockName } from '../items';
import { type StockFormValues, toStockRequest } from './stock-form-values';
import { useStockWarehouses } from './stocks.queries';

export type StockForm = UseFormReturnType<StockFormValues>;

/** The stock form, validated by the shared schema (the server's own). */
export function useStockForm(initialValues: StockFormValues): StockForm {
  const validateRequest = zodValidator<unknown>(StockRequest);
  return useForm<StockFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => validateRequest(toStockRequest(values)),
  });
}

interface StockFormViewProps extends FormViewProps<StockFormValues> {
  form: StockForm;
  /** The stock edited; none when creating. */
  stock?: StockResponse;
}

/**
 * The form of `/stocks/create` and `/stocks/:id/edit`: the warehouse (a choice only when the user
 * has several, and only when creating), the name (read-only for a native stock, which keeps it),
 * the identifier and the location.
 */
export function StockFormView({ form, stock, ...view }: StockFormViewProps) {
  const { t } = useTranslation('stocks');
  const { t: tb } = useTranslation('buybacks');
  const { warehouses, isPending } = useStockWarehouses();
  const native = stock?.nativeKind != null;
  const labels = {
    warehouseId: t('form.warehouse'),
    name: t('form.name'),
    identifier: t('form.identifier'),
    location: t('form.location'),
  };
  const warehouseName =
    stock?.warehouse.commonName ?? warehouses.find((w) => w.value === form.values.warehouseId)?.label ?? '';
  return (
    <FormShell form={form} labels={labels} ns="stocks" cancelTo="/stocks" maxWidth={720} {...view}>
      <Stack gap="md">
        {stock || warehouses.length === 1 ? (
          <TextInput
            label={labels.warehouseId}
            value={warehouseName}
            readOnly
            description={stock ? t('form.warehouseFixed') : undefined}
            data-testid="stock-warehouse"
          />
        ) : (
          <Select
            label={labels.warehouseId}
            placeholder={t('form.warehousePlaceholder')}
            required
            searchable
            disabled={isPending}
            data={warehouses}
            {...form.getInputProps('warehouseId')}
            value={form.values.warehouseId || null}
            onChange={(value) => form.setFieldValue('warehouseId', value ?? '')}
            data-testid="stock-warehouse"
          />
        )}
        {native && stock ? (
          <>
            <TextInput
              label={labels.name}
              value={stockName(tb, stock)}
              readOnly
              leftSection={<IconLock size={16} aria-hidden />}
              data-testid="stock-name-input"
            />
            <Alert color="blue" role="note" data-testid="stock-native-note">
              {t('form.nativeNote')}
            </Alert>
          </>
        ) : (
          <TextInput
            label={labels.name}
            required
            maxLength={STOCK_NAME_MAX}
            autoFocus={!stock}
            {...form.getInputProps('name')}
            data-testid="stock-name-input"
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={labels.identifier}
            description={t('form.identifierHelp')}
            maxLength={STOCK_TEXT_MAX}
            {...form.getInputProps('identifier')}
            data-testid="stock-identifier-input"
          />
          <TextInput
            label={labels.location}
            description={t('form.locationHelp')}
            maxLength={STOCK_TEXT_MAX}
            {...form.getInputProps('location')}
            data-testid="stock-location-input"
          />
        </SimpleGrid>
        {stock && (
          <Text size="sm" c="dimmed">
            {t('form.holds', {
              products: t('contents.products', { count: stock.productCount }),
              services: t('contents.services', { count: stock.refurbStepCount }),
            })}
          </Text>
        )}
      </Stack>
    </FormShell>
  );
}
