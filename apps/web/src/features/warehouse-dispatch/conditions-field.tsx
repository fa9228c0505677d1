import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  DISPATCH_ATTRIBUTES,
  DISPATCH_OPERATORS,
  DISPATCH_RULE_MAX_CONDITIONS,
  type DispatchAttribute,
  type WarehouseDispatchOptionsResponse,
} from '@reprise/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ConditionRow, conditionRow } from './rule-form-values';
import type { RuleForm } from './use-rule-form';

interface ConditionsFieldProps {
  form: RuleForm;
  options: WarehouseDispatchOptionsResponse | undefined;
  /** Labels of the categories the saved rule names (one no longer offered still reads by its name). */
  knownCategories: ReadonlyMap<string, string>;
  readOnly: boolean;
}

function ValuesInput({
  form,
  row,
  index,
  options,
  knownCategories,
  readOnly,
}: ConditionsFieldProps & { row: ConditionRow; index: number }) {
  const { t } = useTranslation(['warehouseDispatch', 'circuits', 'catalog']);
  const number = index + 1;
  const common = {
    label: t('form.values', { number }),
    required: true,
    readOnly,
    ...form.getInputProps(`conditions.${index}.values`),
  };
  if (row.attribute === 'brand')
    return (
      <TagsInput
        {...common}
        description={t('form.brandsHelp')}
        data={options?.brands ?? []}
        clearable={!readOnly}
        style={{ flex: 1, minWidth: 220 }}
      />
    );
  let data: { value: string; label: string }[];
  if (row.attribute === 'category') {
    const offered = (options?.categories ?? []).map((c) => ({
      value: c.id,
      label: `${c.label} · ${c.retailerName}`,
    }));
    const offeredIds = new Set(offered.map((o) => o.value));
    data = [
      ...offered,
      ...row.values
        .filter((v) => !offeredIds.has(v))
        .map((v) => ({ value: v, label: knownCategories.get(v) ?? v })),
    ];
  } else if (row.attribute === 'circuit')
    data = (options?.circuitTypes ?? []).map((c) => ({ value: c, label: t(`circuits:type.${c}`) }));
  else data = (options?.productStates ?? []).map((s) => ({ value: s, label: t(`catalog:grade.${s}`) }));
  return (
    <MultiSelect
      {...common}
      searchable
      data={data}
      nothingFoundMessage={t('form.nothingFound')}
      style={{ flex: 1, minWidth: 220 }}
    />
  );
}

/** The conditions of a rule (all must hold): attribute, is or is not, and the values compared. */
export function ConditionsField(props: ConditionsFieldProps) {
  const { form, readOnly } = props;
  const { t } = useTranslation('warehouseDispatch');
  const rows = form.values.conditions;
  const listError = form.errors.conditions;
  return (
    <Stack gap="sm">
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('form.noCondition')}
        </Text>
      )}
      {rows.map((row, index) => {
        const number = index + 1;
        return (
          <Paper key={row.key} withBorder p="sm" radius="sm" data-condition={number}>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <Text fw={700} size="sm" w={20} pt={30} aria-hidden>
                {number}
              </Text>
              <Select
                w={{ base: '100%', xs: 180 }}
                label={t('form.attribute', { number })}
                data={DISPATCH_ATTRIBUTES.map((a) => ({ value: a, label: t(`attribute.${a}`) }))}
                allowDeselect={false}
                readOnly={readOnly}
                {...form.getInputProps(`conditions.${index}.attribute`)}
                onChange={(value) => {
                  if (!value || value === row.attribute) return;
                  form.setFieldValue(`conditions.${index}.attribute`, value as DispatchAttribute);
                  // values of another attribute mean nothing here
                  form.setFieldValue(`conditions.${index}.values`, []);
                }}
              />
              <Select
                w={{ base: '100%', xs: 140 }}
                label={t('form.operator', { number })}
                data={DISPATCH_OPERATORS.map((o) => ({ value: o, label: t(`operator.${o}`) }))}
                allowDeselect={false}
                readOnly={readOnly}
                {...form.getInputProps(`conditions.${index}.operator`)}
              />
              <ValuesInput {...props} row={row} index={index} />
              {!readOnly && (
                <Tooltip label={t('form.removeCondition', { number })} withArrow>
                  <ActionIcon
                    mt={24}
                    variant="subtle"
                    color="red"
                    aria-label={t('form.removeCondition', { number })}
                    onClick={() => form.removeListItem('conditions', index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Paper>
        );
      })}
      {listError && (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      )}
      {!readOnly && (
        <Group justify="flex-end">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={rows.length >= DISPATCH_RULE_MAX_CONDITIONS}
            onClick={() => form.insertListItem('conditions', conditionRow())}
          >
            {t('form.addCondition')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
