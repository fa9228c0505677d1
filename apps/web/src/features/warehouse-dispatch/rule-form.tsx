import { Fieldset, MultiSelect, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { DISPATCH_RULE_TITLE_MAX, type WarehouseDispatchRuleResponse } from '@reprise/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../app/use-formatters';
import { FormShell, type FormViewProps } from '../../ui/form-shell';
import { ConditionsField } from './conditions-field';
import type { RuleFormValues } from './rule-form-values';
import type { RuleForm } from './use-rule-form';
import { useWarehouseDispatchOptions } from './warehouse-dispatch.queries';

interface RuleFormViewProps extends Omit<FormViewProps<RuleFormValues>, 'footer'> {
  form: RuleForm;
  /** The saved rule (edit), for the warehouses and categories it names and its last modification. */
  rule?: WarehouseDispatchRuleResponse;
  accountId: string | null;
  cancelTo: string;
}

function useFieldLabels(form: RuleForm): Record<string, string> {
  const { t } = useTranslation('warehouseDispatch');
  const labels: Record<string, string> = {
    title: t('form.title'),
    conditions: t('form.conditions'),
    warehouseIds: t('form.warehouses'),
    defaultWarehouseId: t('form.defaultWarehouse'),
  };
  form.values.conditions.forEach((_, index) => {
    const number = index + 1;
    labels[`conditions.${index}.attribute`] = t('form.attribute', { number });
    labels[`conditions.${index}.operator`] = t('form.operator', { number });
    labels[`conditions.${index}.values`] = t('form.values', { number });
  });
  return labels;
}

/** The form of a warehouse dispatch rule: title, conditions, destination warehouses and the default. */
export function RuleFormView({ form, rule, accountId, ...view }: RuleFormViewProps) {
  const { t } = useTranslation('warehouseDispatch');
  const { dateTime } = useFormatters();
  const labels = useFieldLabels(form);
  const options = useWarehouseDispatchOptions(accountId);
  const values = form.values;
  const knownCategories = useMemo(
    () =>
      new Map(
        (rule?.conditions ?? [])
          .filter((c) => c.attribute === 'category')
          .flatMap((c) => c.values.map((v, i) => [v, c.labels[i] ?? v] as const)),
      ),
    [rule],
  );
  // the active warehouses, and those the saved rule names that are no longer active
  const warehouses = useMemo(() => {
    const active = (options.data?.warehouses ?? []).map((w) => ({ value: w.id, label: w.commonName }));
    const activeIds = new Set(active.map((w) => w.value));
    const saved = [...(rule?.warehouses ?? []), ...(rule ? [rule.defaultWarehouse] : [])]
      .filter((w, i, all) => !activeIds.has(w.id) && all.findIndex((x) => x.id === w.id) === i)
      .map((w) => ({ value: w.id, label: t('form.inactiveWarehouse', { name: w.commonName }) }));
    return [...active, ...saved];
  }, [options.data, rule, t]);
  const destinations = warehouses.filter((w) => values.warehouseIds.includes(w.value));

  return (
    <FormShell
      form={form}
      labels={labels}
      ns="warehouseDispatch"
      {...view}
      footer={
        rule && (
          <Text size="sm" c="dimmed">
            {rule.updatedBy
              ? t('form.lastModified', { date: dateTime(rule.updatedAt), name: rule.updatedBy.name })
              : t('form.lastModifiedAt', { date: dateTime(rule.updatedAt) })}
          </Text>
        )
      }
    >
      <Fieldset legend={t('form.general')} disabled={view.readOnly}>
        <TextInput
          label={t('form.title')}
          description={t('form.titleHelp', { count: values.title.length, max: DISPATCH_RULE_TITLE_MAX })}
          required
          readOnly={view.readOnly}
          {...form.getInputProps('title')}
        />
      </Fieldset>

      <Fieldset legend={t('form.conditions')} disabled={view.readOnly}>
        <Text size="sm" c="dimmed" mb="sm">
          {t('form.conditionsHelp')}
        </Text>
        <ConditionsField
          form={form}
          options={options.data}
          knownCategories={knownCategories}
          readOnly={Boolean(view.readOnly)}
        />
      </Fieldset>

      <Fieldset legend={t('form.destination')} disabled={view.readOnly}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MultiSelect
            label={t('form.warehouses')}
            description={t('form.warehousesHelp')}
            required
            searchable
            readOnly={view.readOnly}
            data={warehouses}
            nothingFoundMessage={t('form.nothingFound')}
            {...form.getInputProps('warehouseIds')}
            onChange={(ids) => {
              form.setFieldValue('warehouseIds', ids);
              // the default stays one of the destinations; with one destination, it is that one
              if (ids.length === 1) form.setFieldValue('defaultWarehouseId', ids[0] as string);
              else if (values.defaultWarehouseId && !ids.includes(values.defaultWarehouseId))
                form.setFieldValue('defaultWarehouseId', null);
            }}
          />
          <Select
            label={t('form.defaultWarehouse')}
            description={t('form.defaultWarehouseHelp')}
            required
            readOnly={view.readOnly}
            data={destinations}
            placeholder={destinations.length === 0 ? t('form.chooseDestinationsFirst') : undefined}
            {...form.getInputProps('defaultWarehouseId')}
          />
        </SimpleGrid>
      </Fieldset>
    </FormShell>
  );
}
