import { Fieldset, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formatIban, formatPhoneInternational, IDENTIFICATION_TYPES } from '@reprise/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../app/use-formatters';
import type { TypedCustomer, TypedIdentification } from '../../lib/cart-customer';
import { countryOptions } from '../../lib/countries';
import type { CartCustomer } from './cart-store';

/** The customer form's values: the cart's customer, its IBAN and, for those not in a store, the store. */
export interface CustomerFormValues extends TypedCustomer {
  identification: TypedIdentification;
  iban: string;
  storeId: string;
}

export function customerFormValues(
  customer: CartCustomer | null,
  iban: string,
  storeId: string,
  defaultCountry: string,
): CustomerFormValues {
  return {
    firstName: customer?.firstName ?? '',
    lastName: customer?.lastName ?? '',
    email: customer?.email ?? '',
    phone: customer?.phone ?? '',
    street: customer?.street ?? '',
    streetMore: customer?.streetMore ?? '',
    zip: customer?.zip ?? '',
    city: customer?.city ?? '',
    country: customer?.country || defaultCountry,
    identification: {
      type: customer?.identification?.type ?? '',
      number: customer?.identification?.number ?? '',
      deliveryDate: customer?.identification?.deliveryDate ?? '',
      issuingAuthority: customer?.identification?.issuingAuthority ?? '',
    },
    iban,
    storeId,
  };
}

/** The cart's customer from the form (the IBAN and the store are kept apart). */
export function cartCustomerOf(values: CustomerFormValues): CartCustomer {
  const { iban: _iban, storeId: _storeId, ...customer } = values;
  return customer;
}

/** Labels of the fields by form path, for the error summary. */
export function useCustomerFieldLabels(): Record<string, string> {
  const { t } = useTranslation('cart');
  return {
    storeId: t('customer.store'),
    firstName: t('customer.firstName'),
    lastName: t('customer.lastName'),
    email: t('customer.email'),
    phone: t('customer.phone'),
    street: t('customer.street'),
    streetMore: t('customer.streetMore'),
    zip: t('customer.zip'),
    city: t('customer.city'),
    country: t('customer.country'),
    'identification.type': t('customer.identification.type'),
    'identification.number': t('customer.identification.number'),
    'identification.deliveryDate': t('customer.identification.deliveryDate'),
    'identification.issuingAuthority': t('customer.identification.issuingAuthority'),
    iban: t('customer.iban'),
  };
}

interface CustomerFieldsProps {
  form: UseFormReturnType<CustomerFormValues>;
  identityDocumentRequired: boolean;
  ibanRequired: boolean;
}

/**
 * Names, contact, address and country; the identity document (delivery date and issuing authority
 * required when the account says so); the IBAN when a payment mode of the cart needs one.
 */
export function CustomerFields({ form, identityDocumentRequired, ibanRequired }: CustomerFieldsProps) {
  const { t } = useTranslation('cart');
  const { locale } = useFormatters();
  const labels = useCustomerFieldLabels();
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const identificationTypes = IDENTIFICATION_TYPES.map((value) => ({
    value,
    label: t(`customer.identification.types.${value}`),
  }));

  return (
    <Stack gap="md">
      <Fieldset legend={t('customer.identity')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={labels.firstName}
            required
            autoComplete="off"
            maxLength={255}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={labels.lastName}
            required
            autoComplete="off"
            maxLength={255}
            {...form.getInputProps('lastName')}
          />
          <TextInput
            label={labels.email}
            type="email"
            required
            autoComplete="off"
            maxLength={255}
            {...form.getInputProps('email')}
          />
          <TextInput
            label={labels.phone}
            description={t('customer.phoneHelp')}
            type="tel"
            required
            autoComplete="off"
            {...form.getInputProps('phone')}
            onBlur={(event) => {
              form.setFieldValue('phone', formatPhoneInternational(event.currentTarget.value));
              form.getInputProps('phone').onBlur?.(event);
            }}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('customer.address')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={labels.street}
            required
            maxLength={125}
            autoComplete="off"
            {...form.getInputProps('street')}
          />
          <TextInput
            label={labels.streetMore}
            maxLength={125}
            autoComplete="off"
            {...form.getInputProps('streetMore')}
          />
          <TextInput
            label={labels.zip}
            required
            maxLength={10}
            autoComplete="off"
            {...form.getInputProps('zip')}
          />
          <TextInput
            label={labels.city}
            required
            maxLength={45}
            autoComplete="off"
            {...form.getInputProps('city')}
          />
          <Select
            label={labels.country}
            required
            searchable
            data={countries}
            allowDeselect={false}
            {...form.getInputProps('country')}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('customer.identification.title')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={labels['identification.type']}
            required
            data={identificationTypes}
            {...form.getInputProps('identification.type')}
          />
          <TextInput
            label={labels['identification.number']}
            required
            maxLength={20}
            autoComplete="off"
            {...form.getInputProps('identification.number')}
          />
          <TextInput
            label={labels['identification.deliveryDate']}
            type="date"
            required={identityDocumentRequired}
            {...form.getInputProps('identification.deliveryDate')}
          />
          <TextInput
            label={labels['identification.issuingAuthority']}
            required={identityDocumentRequired}
            maxLength={255}
            autoComplete="off"
            {...form.getInputProps('identification.issuingAuthority')}
          />
        </SimpleGrid>
      </Fieldset>
      {ibanRequired && (
        <Fieldset legend={t('customer.payment')}>
          <TextInput
            label={labels.iban}
            description={t('customer.ibanHelp')}
            required
            autoComplete="off"
            maxLength={42}
            {...form.getInputProps('iban')}
            onBlur={(event) => {
              form.setFieldValue('iban', formatIban(event.currentTarget.value));
              form.getInputProps('iban').onBlur?.(event);
            }}
            data-testid="iban-input"
          />
        </Fieldset>
      )}
    </Stack>
  );
}
