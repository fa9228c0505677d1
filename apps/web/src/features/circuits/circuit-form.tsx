import {
  Badge,
  Fieldset,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  BONUS_MODES,
  CIRCUIT_CHANNELS,
  CIRCUIT_DESCRIPTION_MAX,
  type CircuitChannel,
  circuitTypeOf,
  DEPOSIT_TYPES,
  type DepositType,
  MAX_TRANSFER_ORDER_COPIES,
  needsTransport,
  needsWarehouse,
} from '@reprise/shared';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../app/use-formatters';
import { FormShell, type FormViewProps } from '../../ui/form-shell';
import { countryOptions } from '../organizations';
import type { CircuitFormValues } from './circuit-form-values';
import { useCircuitWarehouses, useTransportProviders } from './circuits.queries';
import { InstructionsField } from './instructions-field';
import type { CircuitForm } from './use-circuit-form';

export interface PaymentModeOption {
  id: string;
  label: string;
  type: string;
  status: string;
}

interface CircuitFormViewProps extends FormViewProps<CircuitFormValues> {
  form: CircuitForm;
  /** On edit the channel and deposit type are fixed. */
  editing: boolean;
  paymentModes: PaymentModeOption[];
}

function useFieldLabels(form: CircuitForm): Record<string, string> {
  const { t } = useTranslation('circuits');
  const labels: Record<string, string> = {
    name: t('form.name'),
    channel: t('form.channel'),
    depositType: t('form.depositType'),
    status: t('form.status'),
    transferOrderNumberOfCopy: t('form.copies'),
    description: t('form.description'),
    eligibleCountries: t('form.countries'),
    paymentModeIds: t('form.paymentModes'),
    bonusMode: t('form.bonusMode'),
    bonusValue: t('form.bonusValue'),
    bonusCap: t('form.bonusCap'),
    warehouseId: t('form.warehouse'),
    transportProviderId: t('form.transport'),
    defaultInstructions: t('form.instructions'),
  };
  form.values.defaultInstructions.forEach((_, index) => {
    labels[`defaultInstructions.${index}.label`] = t('instructions.label', { number: index + 1 });
    labels[`defaultInstructions.${index}.type`] = t('instructions.type', { number: index + 1 });
  });
  return labels;
}

/** Deposit types a channel offers (there is no store post). */
const depositTypesOf = (channel: CircuitChannel): DepositType[] =>
  DEPOSIT_TYPES.filter((d) => circuitTypeOf(channel, d) !== null);

/** The circuit form of the create and edit screens: every field of the circuit. */
export function CircuitFormView({ form, editing, paymentModes, ...view }: CircuitFormViewProps) {
  const { t } = useTranslation('circuits');
  const { locale, currency } = useFormatters();
  const channelLabelId = useId();
  const bonusLabelId = useId();
  const labels = useFieldLabels(form);
  const warehouses = useCircuitWarehouses();
  const providers = useTransportProviders();
  const values = form.values;
  const type = circuitTypeOf(values.channel, values.depositType);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const countryData = useMemo(() => {
    const known = new Set(countries.map((c) => c.value));
    return [
      ...countries,
      ...values.eligibleCountries.filter((c) => !known.has(c)).map((c) => ({ value: c, label: c })),
    ];
  }, [countries, values.eligibleCountries]);
  const unit = values.bonusMode === 'percentage' ? '%' : currency;

  return (
    <FormShell
      form={form}
      labels={labels}
      ns="circuits"
      cancelTo="/circuits"
      {...view}
      extraActions={
        type && (
          <Badge variant="light" mr="auto">
            {t(`type.${type}`)}
          </Badge>
        )
      }
    >
      <Fieldset legend={t('form.general')} disabled={view.readOnly}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('form.name')} required {...form.getInputProps('name')} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id={channelLabelId}>
              {t('form.channel')}
            </Text>
            <SegmentedControl
              aria-labelledby={channelLabelId}
              data={CIRCUIT_CHANNELS.map((c) => ({ value: c, label: t(`channel.${c}`) }))}
              disabled={view.readOnly || editing}
              value={values.channel}
              onChange={(value) => {
                const channel = value as CircuitChannel;
                form.setFieldValue('channel', channel);
                if (!circuitTypeOf(channel, values.depositType)) form.setFieldValue('depositType', 'drop');
              }}
            />
          </Stack>
          <Select
            label={t('form.depositType')}
            required
            allowDeselect={false}
            disabled={view.readOnly || editing}
            data={depositTypesOf(values.channel).map((d) => ({ value: d, label: t(`depositType.${d}`) }))}
            description={type ? t('form.typeIs', { type: t(`type.${type}`) }) : undefined}
            {...form.getInputProps('depositType')}
          />
          <NumberInput
            label={t('form.copies')}
            description={t('form.copiesHelp')}
            min={1}
            max={MAX_TRANSFER_ORDER_COPIES}
            allowDecimal={false}
            allowNegative={false}
            required
            {...form.getInputProps('transferOrderNumberOfCopy')}
          />
          <Switch
            label={t('form.active')}
            description={t('form.activeHelp')}
            checked={values.status === 'active'}
            onChange={(event) =>
              form.setFieldValue('status', event.currentTarget.checked ? 'active' : 'inactive')
            }
            error={form.errors.status}
          />
        </SimpleGrid>
        <Textarea
          mt="md"
          label={t('form.description')}
          description={t('form.descriptionHelp', {
            count: values.description.length,
            max: CIRCUIT_DESCRIPTION_MAX,
          })}
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('description')}
        />
      </Fieldset>

      <Fieldset legend={t('form.logistics')} disabled={view.readOnly}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('form.warehouse')}
            description={
              needsWarehouse(values.depositType) ? t('form.warehouseRequired') : t('form.warehouseOptional')
            }
            required={needsWarehouse(values.depositType)}
            clearable
            searchable
            data={(warehouses.data?.member ?? []).map((w) => ({
              value: w.id,
              label: `${w.commonName}${w.city ? ` (${w.city})` : ''} · ${w.accountName}`,
            }))}
            nothingFoundMessage={t('form.nothingFound')}
            {...form.getInputProps('warehouseId')}
          />
          <Select
            label={t('form.transport')}
            description={
              needsTransport(values.depositType) ? t('form.transportRequired') : t('form.transportOptional')
            }
            required={needsTransport(values.depositType)}
            clearable
            data={(providers.data?.member ?? [])
              .filter((p) => p.status === 'active' || p.id === values.transportProviderId)
              .map((p) => ({ value: p.id, label: p.name }))}
            {...form.getInputProps('transportProviderId')}
          />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend={t('form.offer')} disabled={view.readOnly}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MultiSelect
            label={t('form.countries')}
            required
            searchable
            data={countryData}
            nothingFoundMessage={t('form.nothingFound')}
            {...form.getInputProps('eligibleCountries')}
          />
          <MultiSelect
            label={t('form.paymentModes')}
            description={t('form.paymentModesHelp')}
            searchable
            data={paymentModes.map((p) => ({
              value: p.id,
              label: `${p.label} · ${t(`paymentType.${p.type}`)}${p.status === 'inactive' ? ` (${t('form.inactive')})` : ''}`,
            }))}
            nothingFoundMessage={t('form.nothingFound')}
            {...form.getInputProps('paymentModeIds')}
          />
        </SimpleGrid>
        <Stack gap={4} mt="md">
          <Text size="sm" fw={500} id={bonusLabelId}>
            {t('form.bonusMode')}
          </Text>
          <SegmentedControl
            aria-labelledby={bonusLabelId}
            data={BONUS_MODES.map((m) => ({ value: m, label: t(`bonusMode.${m}`) }))}
            disabled={view.readOnly}
            {...form.getInputProps('bonusMode')}
          />
          {form.errors.bonusMode && (
            <Text size="sm" c="red">
              {form.errors.bonusMode}
            </Text>
          )}
        </Stack>
        {values.bonusMode !== 'disabled' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="md">
            <NumberInput
              label={t('form.bonusValue')}
              description={t(`form.bonusValueHelp.${values.bonusMode}`)}
              required
              allowDecimal={false}
              rightSection={<Text size="sm">{unit}</Text>}
              {...form.getInputProps('bonusValue')}
            />
            {values.bonusMode === 'percentage' && (
              <NumberInput
                label={t('form.bonusCap')}
                description={t('form.bonusCapHelp', { currency })}
                allowDecimal={false}
                rightSection={<Text size="sm">{currency}</Text>}
                {...form.getInputProps('bonusCap')}
              />
            )}
          </SimpleGrid>
        )}
      </Fieldset>

      <Fieldset legend={t('form.instructions')} disabled={view.readOnly}>
        <Text size="sm" c="dimmed" mb="sm">
          {t('form.instructionsHelp')}
        </Text>
        <InstructionsField
          form={form}
          path="defaultInstructions"
          rows={values.defaultInstructions}
          readOnly={view.readOnly}
        />
      </Fieldset>
    </FormShell>
  );
}
