import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { MODULE_TYPES, type ModuleType, PARENT_TYPE_OF_USER_TYPE, type UserType } from '@reprise/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OrganizationSelect } from '../organizations';
import type { UserForm } from './use-user-form';
import { emptyModuleRow, type UserModuleRow, withModule, withUserType } from './user-form-values';
import type { AssignableUserType } from './users.queries';

const ROW_FIELDS = ['moduleType', 'userType', 'organizationId', 'organizationName'] as const;

interface UserModulesFieldProps {
  form: UserForm;
  /** The (module, user type) pairs the signed-in user may grant. */
  assignable: readonly AssignableUserType[];
  readOnly: boolean;
  /** Parent organisations are chosen in this account only (a platform admin's client users). */
  accountId?: string;
}

interface RowProps {
  form: UserForm;
  index: number;
  row: UserModuleRow;
  moduleOptions: { value: string; label: string; disabled?: boolean }[];
  userTypeOptions: { value: string; label: string }[];
  removable: boolean;
  readOnly: boolean;
  accountId?: string;
}

function ModuleRowFields({
  form,
  index,
  row,
  moduleOptions,
  userTypeOptions,
  removable,
  readOnly,
  accountId,
}: RowProps) {
  const { t } = useTranslation(['users', 'common']);
  const path = `modules.${index}`;
  const number = index + 1;
  const setRow = (next: UserModuleRow) => {
    for (const field of ROW_FIELDS) {
      if (next[field] !== row[field]) form.setFieldValue(`${path}.${field}`, next[field]);
    }
  };
  const parentTypes = row.userType ? PARENT_TYPE_OF_USER_TYPE[row.userType] : [];
  const locked = !row.manageable;

  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={t('users:form.moduleRow', { number })}>
      <Group align="flex-start" wrap="nowrap" gap="xs">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm" style={{ flex: 1 }}>
          <Select
            label={t('users:form.module')}
            data={moduleOptions}
            value={row.moduleType}
            onChange={(value) => setRow(withModule(row, value as ModuleType | null))}
            error={form.errors[`${path}.moduleType`]}
            disabled={locked}
            allowDeselect={false}
            required
            data-path={`${path}.moduleType`}
          />
          <Select
            label={t('users:form.role')}
            data={userTypeOptions}
            value={row.userType}
            onChange={(value) => setRow(withUserType(row, value as UserType | null))}
            error={form.errors[`${path}.userType`]}
            disabled={locked || !row.moduleType}
            placeholder={row.moduleType ? undefined : t('users:form.chooseModuleFirst')}
            allowDeselect={false}
            required
            data-path={`${path}.userType`}
          />
          <OrganizationSelect
            label={t('users:form.parent')}
            types={parentTypes}
            accountId={accountId}
            value={row.organizationId}
            selectedLabel={row.organizationName}
            onChange={(organization) =>
              setRow({
                ...row,
                organizationId: organization?.id ?? null,
                organizationName: organization?.commonName ?? null,
              })
            }
            error={form.errors[`${path}.organizationId`]}
            disabled={locked || !row.userType}
            placeholder={row.userType ? t('users:form.parentPlaceholder') : t('users:form.chooseRoleFirst')}
            required
            data-path={`${path}.organizationId`}
          />
        </SimpleGrid>
        {removable && !locked && (
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mt={26}
            aria-label={t('users:form.removeModule', { number })}
            onClick={() => form.removeListItem('modules', index)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      {locked && !readOnly && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('users:form.lockedRole')}
        </Text>
      )}
    </Paper>
  );
}

/** One row per module the user works in: its user type and its organisation (at least one row). */
export function UserModulesField({ form, assignable, readOnly, accountId }: UserModulesFieldProps) {
  const { t } = useTranslation(['users', 'common']);
  const rows = form.values.modules;
  const grantable = MODULE_TYPES.filter((m) => assignable.some((a) => a.moduleType === m));
  const taken = new Set(rows.map((row) => row.moduleType));
  const nextModule = grantable.find((m) => !taken.has(m));

  const moduleOptionsFor = (row: UserModuleRow) =>
    MODULE_TYPES.filter((m) => grantable.includes(m) || m === row.moduleType).map((m) => ({
      value: m,
      label: t(`common:module.${m}`),
      disabled: m !== row.moduleType && taken.has(m),
    }));

  const userTypeOptionsFor = (row: UserModuleRow) => {
    const types = assignable.filter((a) => a.moduleType === row.moduleType).map((a) => a.userType);
    // An existing user type the signed-in user may not grant still shows.
    if (row.userType && !types.includes(row.userType)) types.unshift(row.userType);
    return types.map((type) => ({ value: type, label: t(`common:userType.${type}`) }));
  };

  return (
    <Stack gap="sm">
      {rows.map((row, index) => (
        <ModuleRowFields
          key={row.key}
          form={form}
          index={index}
          row={row}
          moduleOptions={moduleOptionsFor(row)}
          userTypeOptions={userTypeOptionsFor(row)}
          removable={!readOnly && rows.length > 1}
          readOnly={readOnly}
          accountId={accountId}
        />
      ))}
      {form.errors.modules && (
        <Text c="red" size="sm" role="alert">
          {form.errors.modules}
        </Text>
      )}
      {!readOnly && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={!nextModule}
            onClick={() => form.insertListItem('modules', emptyModuleRow(nextModule ?? null))}
          >
            {t('users:form.addModule')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
