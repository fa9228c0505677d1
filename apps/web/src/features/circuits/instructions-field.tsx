import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  INSTRUCTION_LABEL_MAX,
  INSTRUCTION_TYPES,
  type InstructionType,
  MAX_INSTRUCTIONS,
} from '@reprise/shared';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { InstructionIcon } from './instruction-icons';

export interface InstructionRow {
  /** Stable key of the row while it is edited (not sent). */
  key: string;
  label: string;
  type: InstructionType;
}

let nextKey = 0;
export const instructionRow = (label = '', type: InstructionType = 'none'): InstructionRow => {
  nextKey += 1;
  return { key: `instruction-${nextKey}`, label, type };
};

interface InstructionsFieldProps<Values> {
  // biome-ignore lint/suspicious/noExplicitAny: the field works on any form holding a list of instructions
  form: UseFormReturnType<Values, any>;
  path: string;
  rows: InstructionRow[];
  readOnly?: boolean;
}

/** Ordered instructions (1 to 6): each with a type and its icon, moved up or down, added or removed. */
export function InstructionsField<Values>({
  form,
  path,
  rows,
  readOnly = false,
}: InstructionsFieldProps<Values>) {
  const { t } = useTranslation('circuits');
  const typeOptions = INSTRUCTION_TYPES.map((type) => ({ value: type, label: t(`instructionType.${type}`) }));
  const listError = form.errors[path];
  return (
    <Stack gap="sm">
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('instructions.empty')}
        </Text>
      )}
      {rows.map((row, index) => {
        const number = index + 1;
        return (
          <Paper key={row.key} withBorder p="sm" radius="sm">
            <Group align="flex-start" gap="sm" wrap="wrap">
              <Text fw={700} size="sm" w={20} pt={30} aria-hidden>
                {number}
              </Text>
              <Select
                w={{ base: '100%', xs: 200 }}
                label={t('instructions.type', { number })}
                data={typeOptions}
                allowDeselect={false}
                leftSection={<InstructionIcon type={row.type} />}
                renderOption={({ option }) => (
                  <Group gap="xs" wrap="nowrap">
                    <InstructionIcon type={option.value as InstructionType} />
                    <span>{option.label}</span>
                  </Group>
                )}
                readOnly={readOnly}
                {...form.getInputProps(`${path}.${index}.type`)}
              />
              <TextInput
                style={{ flex: 1, minWidth: 200 }}
                label={t('instructions.label', { number })}
                description={t('instructions.labelHelp', {
                  count: row.label.length,
                  max: INSTRUCTION_LABEL_MAX,
                })}
                required
                readOnly={readOnly}
                {...form.getInputProps(`${path}.${index}.label`)}
              />
              {!readOnly && (
                <Group gap={4} pt={24} wrap="nowrap">
                  <Tooltip label={t('instructions.moveUp', { number })} withArrow>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('instructions.moveUp', { number })}
                      disabled={index === 0}
                      onClick={() => form.reorderListItem(path, { from: index, to: index - 1 })}
                    >
                      <IconArrowUp size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('instructions.moveDown', { number })} withArrow>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('instructions.moveDown', { number })}
                      disabled={index === rows.length - 1}
                      onClick={() => form.reorderListItem(path, { from: index, to: index + 1 })}
                    >
                      <IconArrowDown size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('instructions.remove', { number })} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('instructions.remove', { number })}
                      onClick={() => form.removeListItem(path, index)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
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
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {t('instructions.count', { count: rows.length, max: MAX_INSTRUCTIONS })}
          </Text>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={rows.length >= MAX_INSTRUCTIONS}
            // the form type is generic here: the row is what the list at `path` holds
            onClick={() => form.insertListItem(path, instructionRow() as never)}
          >
            {t('instructions.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
