import { Fieldset, Select, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { LOCALES, STATUSES } from '@reprise/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { FormShell, type FormViewProps } from '../../ui/form-shell';
import type { UserForm } from './use-user-form';
import type { UserFormValues } from './user-form-values';
import { UserModulesField } from './user-modules-field';
import type { AssignableUserType } from './users.queries';

const ACCOUNT_LANGUAGE = 'account';

/** The signed-in user may not write users at all, or not this one (it holds a user type they cannot grant). */
export type ReadOnlyReason = 'noPermission' | 'notEditable';

interface UserFormViewProps extends Omit<FormViewProps<UserFormValues>, 'readOnly'> {
  form: UserForm;
  assignable: readonly AssignableUserType[];
  readOnly?: ReadOnlyReason | false;
  /** Parent organisations are chosen in this account only (features/account-admin's client and admin users). */
  accountId?: string;
  /** Where cancel and back lead (the users list by default). */
  cancelTo?: string;
  /** Shown first (the client a platform admin creates a user for). */
  header?: ReactNode;
}

function IdentityFields({ form }: { form: UserForm }) {
  const { t } = useTranslation(['users', 'common']);
  const { can } = useSession();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        label={t('users:form.email')}
        type="email"
        autoComplete="off"
        inputMode="email"
        required
        {...form.getInputProps('email')}
      />
      <Select
        label={t('users:form.status')}
        data={STATUSES.map((status) => ({ value: status, label: t(`common:status.${status}`) }))}
        allowDeselect={false}
        required
        {...form.getInputProps('status')}
      />
      <TextInput
        label={t('users:form.firstname')}
        autoComplete="off"
        required
        {...form.getInputProps('firstname')}
      />
      <TextInput
        label={t('users:form.lastname')}
        autoComplete="off"
        required
        {...form.getInputProps('lastname')}
      />
      <Select
        label={t('users:form.language')}
        data={[
          { value: ACCOUNT_LANGUAGE, label: t('users:form.accountLanguage') },
          ...LOCALES.map((locale) => ({ value: locale, label: t(`common:language.${locale}`) })),
        ]}
        allowDeselect={false}
        value={form.values.language ?? ACCOUNT_LANGUAGE}
        onChange={(value) =>
          form.setFieldValue(
            'language',
            value === ACCOUNT_LANGUAGE ? null : (value as UserFormValues['language']),
          )
        }
        error={form.errors.language}
      />
      {can('user.force_sso_field') && (
        <Switch
          label={t('users:form.forceSso')}
          description={t('users:form.forceSsoHelp')}
          mt={{ sm: 'xl' }}
          {...form.getInputProps('forceConnectionBySso', { type: 'checkbox' })}
        />
      )}
    </SimpleGrid>
  );
}

/** The user form of the create and edit screens. */
export function UserFormView({
  form,
  assignable,
  readOnly = false,
  accountId,
  cancelTo = '/users',
  header,
  ...view
}: UserFormViewProps) {
  const { t } = useTranslation('users');
  const labels: Record<string, string> = {
    email: t('form.email'),
    firstname: t('form.firstname'),
    lastname: t('form.lastname'),
    status: t('form.status'),
    language: t('form.language'),
    modules: t('form.modules'),
  };
  form.values.modules.forEach((_, index) => {
    const number = index + 1;
    labels[`modules.${index}.moduleType`] = t('form.rowField', { field: t('form.module'), number });
    labels[`modules.${index}.userType`] = t('form.rowField', { field: t('form.role'), number });
    labels[`modules.${index}.organizationId`] = t('form.rowField', { field: t('form.parent'), number });
  });

  return (
    <FormShell form={form} labels={labels} ns="users" readOnly={readOnly} cancelTo={cancelTo} {...view}>
      {header}
      <Fieldset legend={t('form.identity')} disabled={Boolean(readOnly)}>
        <IdentityFields form={form} />
      </Fieldset>
      <Fieldset legend={t('form.modules')} disabled={Boolean(readOnly)}>
        <Text size="sm" c="dimmed" mb="sm">
          {t('form.modulesHelp')}
        </Text>
        <UserModulesField
          form={form}
          assignable={assignable}
          readOnly={Boolean(readOnly)}
          accountId={accountId}
        />
      </Fieldset>
    </FormShell>
  );
}
