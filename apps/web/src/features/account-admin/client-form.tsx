import { Checkbox, Fieldset, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import {
  CLIENT_KINDS,
  CLIENT_MODULES,
  type ClientAccountResponse,
  type ClientKind,
  type ClientModule,
  CreateClientAccountRequest,
  CURRENCIES,
  type Currency,
  LOCALES,
  type Locale,
  PatchClientAccountRequest,
  STATUSES,
  type Status,
} from '@reprise/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { zodValidator } from '../../ui/forms';
import { countryOptions } from '../organizations';

/** The fields of a client ("Client organisation"), as the form holds them. */
export interface ClientFormValues {
  kind: ClientKind;
  corporateName: string;
  commonName: string;
  address: { street: string; streetMore: string; zip: string; city: string; country: string };
  status: Status;
  modules: ClientModule[];
  paymentIssuer: boolean;
  transportContractHolder: boolean;
  language: Locale;
  currency: Currency;
}

export type ClientForm = UseFormReturnType<ClientFormValues>;

export function clientFormValues(client?: ClientAccountResponse): ClientFormValues {
  if (!client)
    return {
      kind: 'retailer',
      corporateName: '',
      commonName: '',
      address: { street: '', streetMore: '', zip: '', city: '', country: 'FR' },
      status: 'active',
      modules: ['tim'],
      paymentIssuer: false,
      transportContractHolder: false,
      language: 'fr-FR',
      currency: 'EUR',
    };
  return {
    kind: client.kind,
    corporateName: client.corporateName ?? '',
    commonName: client.commonName,
    address: {
      street: client.address.street ?? '',
      streetMore: client.address.streetMore ?? '',
      zip: client.address.zip ?? '',
      city: client.address.city ?? '',
      country: client.address.country ?? '',
    },
    status: client.status,
    modules: client.modules,
    paymentIssuer: client.paymentIssuer,
    transportContractHolder: client.transportContractHolder,
    language: client.language,
    currency: client.currency,
  };
}

/** The general fields sent by the edit screen's general tab (the other tabs send their own). */
export const generalPatch = ({
  corporateName,
  commonName,
  address,
  status,
  language,
  currency,
}: ClientFormValues) => ({
  corporateName,
  commonName,
  address,
  status,
  language,
  currency,
});

/** The client form, validated by the shared request schema of its mode. */
export function useClientForm(initialValues: ClientFormValues, mode: 'create' | 'edit'): ClientForm {
  const validate = zodValidator<unknown>(
    mode === 'create' ? CreateClientAccountRequest : PatchClientAccountRequest,
  );
  return useForm<ClientFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => validate(mode === 'create' ? values : generalPatch(values)),
  });
}

export function ClientGeneralFields({ form, mode }: { form: ClientForm; mode: 'create' | 'edit' }) {
  const { t, i18n } = useTranslation(['clients', 'common']);
  const country = form.values.address.country;
  const countries = useMemo(
    () => countryOptions(i18n.resolvedLanguage ?? i18n.language, country || null),
    [i18n.resolvedLanguage, i18n.language, country],
  );
  return (
    <Stack gap="md">
      <Fieldset legend={t('clients:form.identity')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {mode === 'create' ? (
            <Select
              label={t('clients:form.kind')}
              description={t('clients:form.kindHelp')}
              data={CLIENT_KINDS.map((kind) => ({ value: kind, label: t(`clients:kind.${kind}`) }))}
              allowDeselect={false}
              required
              {...form.getInputProps('kind')}
              onChange={(value) => {
                const kind = (value ?? 'retailer') as ClientKind;
                form.setFieldValue('kind', kind);
                form.setFieldValue('modules', kind === 'retailer' ? ['tim'] : ['lcm', 'rps']);
              }}
            />
          ) : (
            <TextInput
              label={t('clients:form.kind')}
              value={t(`clients:kind.${form.values.kind}`)}
              readOnly
            />
          )}
          <Select
            label={t('clients:form.status')}
            data={STATUSES.map((status) => ({ value: status, label: t(`common:status.${status}`) }))}
            allowDeselect={false}
            required
            {...form.getInputProps('status')}
          />
          <TextInput
            label={t('clients:form.corporateName')}
            required
            {...form.getInputProps('corporateName')}
          />
          <TextInput label={t('clients:form.commonName')} required {...form.getInputProps('commonName')} />
          <Select
            label={t('clients:form.language')}
            data={LOCALES.map((locale) => ({ value: locale, label: t(`common:language.${locale}`) }))}
            allowDeselect={false}
            {...form.getInputProps('language')}
          />
          <Select
            label={t('clients:form.currency')}
            data={[...CURRENCIES]}
            allowDeselect={false}
            {...form.getInputProps('currency')}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('clients:form.address')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('clients:form.street')}
            autoComplete="address-line1"
            required
            {...form.getInputProps('address.street')}
          />
          <TextInput
            label={t('clients:form.streetMore')}
            autoComplete="address-line2"
            {...form.getInputProps('address.streetMore')}
          />
          <TextInput label={t('clients:form.zip')} required {...form.getInputProps('address.zip')} />
          <TextInput label={t('clients:form.city')} required {...form.getInputProps('address.city')} />
          <Select
            label={t('clients:form.country')}
            data={countries}
            searchable
            allowDeselect={false}
            required
            {...form.getInputProps('address.country')}
            value={country || null}
            onChange={(value) => form.setFieldValue('address.country', value ?? '')}
          />
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}

/** The modules a client works in; its root organisation's module stays checked. */
export function ClientModulesField({ form }: { form: ClientForm }) {
  const { t } = useTranslation(['clients', 'common']);
  return (
    <Checkbox.Group
      label={t('clients:form.modules')}
      description={t('clients:form.modulesHelp')}
      value={form.values.modules}
      onChange={(value) =>
        form.setFieldValue(
          'modules',
          CLIENT_MODULES.filter((m) => value.includes(m)),
        )
      }
      error={form.errors.modules}
    >
      <Group mt="xs">
        {CLIENT_MODULES.map((module) => (
          <Checkbox key={module} value={module} label={t(`common:module.${module}`)} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

/** Who issues the customers' payments and who holds the transport contract. */
export function ClientContractFields({ form }: { form: ClientForm }) {
  const { t } = useTranslation('clients');
  return (
    <Stack gap="sm">
      <Switch
        label={t('form.paymentIssuer')}
        description={t('form.paymentIssuerHelp')}
        {...form.getInputProps('paymentIssuer', { type: 'checkbox' })}
      />
      <Switch
        label={t('form.transportContractHolder')}
        description={t('form.transportContractHolderHelp')}
        {...form.getInputProps('transportContractHolder', { type: 'checkbox' })}
      />
    </Stack>
  );
}
