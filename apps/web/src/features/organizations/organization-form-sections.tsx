import { Checkbox, NumberInput, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import {
  MODULE_OF_ORGANIZATION_TYPE,
  type ModuleType,
  ORGANIZATION_TYPES,
  type OrganizationType,
  STATUSES,
} from '@reprise/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { BuyerLinkFields } from './buyer-link-fields';
import { countryOptions } from './countries';
import { linksToBuyer, needsParent } from './organization-form-values';
import { useAvailableParents } from './organizations.queries';
import type { OrganizationForm } from './use-organization-form';

interface SectionProps {
  form: OrganizationForm;
  /** The organisation being edited; absent on create. */
  organizationId: string | null;
}

/** Types a user may create in the current module; platform operators (root module) create any. */
function creatableTypes(module: ModuleType | null): OrganizationType[] {
  return ORGANIZATION_TYPES.filter(
    (type) => module === 'root' || MODULE_OF_ORGANIZATION_TYPE[type] === module,
  );
}

/**
 * The user's own organisation, which the server never lets the user deactivate or move
 * (docs/permissions.md); those above it are out of the user's view, so never edited here.
 */
function useIsOwnOrganization(organizationId: string | null): boolean {
  const { user } = useSession();
  return organizationId !== null && organizationId === user?.currentOrganization.id;
}

export function GeneralFields({ form, organizationId }: SectionProps) {
  const { t } = useTranslation(['entities', 'common']);
  const { module } = useSession();
  const own = useIsOwnOrganization(organizationId);
  const types = organizationId ? ORGANIZATION_TYPES : creatableTypes(module);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Select
        label={t('entities:form.type')}
        description={organizationId ? t('entities:form.typeImmutable') : undefined}
        data={types.map((type) => ({ value: type, label: t(`entities:type.${type}`) }))}
        allowDeselect={false}
        required
        disabled={organizationId !== null}
        {...form.getInputProps('type')}
        onChange={(value) => {
          form.setFieldValue('type', value as OrganizationType | null);
          // Allowed parents depend on the type.
          form.setFieldValue('parentOrganizationId', null);
        }}
      />
      <Select
        label={t('entities:form.status')}
        description={own ? t('entities:form.ownOrganization') : undefined}
        data={STATUSES.map((status) => ({ value: status, label: t(`common:status.${status}`) }))}
        allowDeselect={false}
        required
        disabled={own}
        {...form.getInputProps('status')}
      />
      <TextInput label={t('entities:form.commonName')} required {...form.getInputProps('commonName')} />
      <TextInput label={t('entities:form.corporateName')} {...form.getInputProps('corporateName')} />
      <TextInput
        label={t('entities:form.siret')}
        description={t('entities:form.siretHelp')}
        inputMode="numeric"
        {...form.getInputProps('siret')}
      />
      <NumberInput
        label={t('entities:form.capital')}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        {...form.getInputProps('capital')}
      />
      <TextInput
        label={t('entities:form.externalId')}
        description={t('entities:form.externalIdHelp')}
        {...form.getInputProps('externalId')}
      />
      <TextInput
        label={t('entities:form.placeEmail')}
        type="email"
        inputMode="email"
        {...form.getInputProps('placeEmail')}
      />
    </SimpleGrid>
  );
}

function ParentField({ form, organizationId }: SectionProps) {
  const { t } = useTranslation('entities');
  const { type, parentOrganizationId } = form.values;
  const own = useIsOwnOrganization(organizationId);
  const parents = useAvailableParents(needsParent(type) && !own ? type : null, organizationId);
  const options = useMemo(() => {
    const list = (parents.data ?? []).map((o) => ({ value: o.id, label: o.commonName }));
    if (parentOrganizationId && !list.some((o) => o.value === parentOrganizationId))
      list.unshift({ value: parentOrganizationId, label: t('select.current') });
    return list;
  }, [parents.data, parentOrganizationId, t]);

  if (type && !needsParent(type)) {
    return (
      <Text size="sm" c="dimmed">
        {t('form.noParent', { type: t(`type.${type}`) })}
      </Text>
    );
  }
  return (
    <Select
      label={t('form.parent')}
      description={own ? t('form.ownOrganization') : type ? t(`form.parentHelp.${type}`) : undefined}
      placeholder={type ? undefined : t('form.chooseTypeFirst')}
      data={options}
      disabled={!type || own}
      searchable
      required
      nothingFoundMessage={parents.isFetching ? t('select.searching') : t('select.nothingFound')}
      {...form.getInputProps('parentOrganizationId')}
    />
  );
}

export function AttachmentFields({ form, organizationId }: SectionProps) {
  const { type } = form.values;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <ParentField form={form} organizationId={organizationId} />
      {linksToBuyer(type) && <BuyerLinkFields form={form} editing={organizationId !== null} />}
    </SimpleGrid>
  );
}

export function AddressFields({ form }: { form: OrganizationForm }) {
  const { t, i18n } = useTranslation('entities');
  const country = form.values.address.country;
  const countries = useMemo(
    () => countryOptions(i18n.resolvedLanguage ?? i18n.language, country || null),
    [i18n.resolvedLanguage, i18n.language, country],
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        label={t('form.street')}
        autoComplete="address-line1"
        required
        {...form.getInputProps('address.street')}
      />
      <TextInput
        label={t('form.streetMore')}
        autoComplete="address-line2"
        {...form.getInputProps('address.streetMore')}
      />
      <TextInput
        label={t('form.zip')}
        autoComplete="postal-code"
        required
        {...form.getInputProps('address.zip')}
      />
      <TextInput
        label={t('form.city')}
        autoComplete="address-level2"
        required
        {...form.getInputProps('address.city')}
      />
      <Select
        label={t('form.country')}
        data={countries}
        searchable
        allowDeselect={false}
        required
        {...form.getInputProps('address.country')}
        value={country || null}
        onChange={(value) => form.setFieldValue('address.country', value ?? '')}
      />
    </SimpleGrid>
  );
}

export function LocationFields({ form }: { form: OrganizationForm }) {
  const { t } = useTranslation('entities');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <NumberInput
        label={t('form.latitude')}
        description={t('form.latitudeHelp')}
        decimalScale={7}
        clampBehavior="none"
        hideControls
        {...form.getInputProps('latitude')}
      />
      <NumberInput
        label={t('form.longitude')}
        description={t('form.longitudeHelp')}
        decimalScale={7}
        clampBehavior="none"
        hideControls
        {...form.getInputProps('longitude')}
      />
      <Checkbox
        label={t('form.geocodedByUser')}
        description={t('form.geocodedByUserHelp')}
        {...form.getInputProps('geocodedByUser', { type: 'checkbox' })}
      />
    </SimpleGrid>
  );
}
