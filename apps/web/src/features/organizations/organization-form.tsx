import { Fieldset } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormShell, type FormViewProps } from '../../ui/form-shell';
import { AddressFields, AttachmentFields, GeneralFields, LocationFields } from './organization-form-sections';
import type { OrganizationFormValues } from './organization-form-values';
import type { OrganizationForm } from './use-organization-form';

interface OrganizationFormViewProps extends FormViewProps<OrganizationFormValues> {
  form: OrganizationForm;
  /** The organisation being edited; absent on create. */
  organizationId: string | null;
}

/** Field labels by form path, for the error summary. */
function useFieldLabels(): Record<string, string> {
  const { t } = useTranslation('entities');
  const fields = [
    'type',
    'status',
    'commonName',
    'corporateName',
    'siret',
    'capital',
    'externalId',
    'placeEmail',
  ];
  const more = ['parentOrganizationId', 'buyer', 'defaultWarehouse', 'latitude', 'longitude'];
  const address = ['street', 'streetMore', 'zip', 'city', 'country'];
  return Object.fromEntries([
    ...fields.map((field) => [field, t(`form.${field}`)]),
    ...more.map((field) => [field, t(`form.${field === 'parentOrganizationId' ? 'parent' : field}`)]),
    ...address.map((field) => [`address.${field}`, t(`form.${field}`)]),
  ]);
}

/** The organisation form of the create and edit screens, in four parts. */
export function OrganizationFormView({ form, organizationId, ...view }: OrganizationFormViewProps) {
  const { t } = useTranslation('entities');
  const labels = useFieldLabels();
  return (
    <FormShell form={form} labels={labels} ns="entities" cancelTo="/entities" {...view}>
      <Fieldset legend={t('form.general')} disabled={view.readOnly}>
        <GeneralFields form={form} organizationId={organizationId} />
      </Fieldset>
      <Fieldset legend={t('form.attachment')} disabled={view.readOnly}>
        <AttachmentFields form={form} organizationId={organizationId} />
      </Fieldset>
      <Fieldset legend={t('form.address')} disabled={view.readOnly}>
        <AddressFields form={form} />
      </Fieldset>
      <Fieldset legend={t('form.location')} disabled={view.readOnly}>
        <LocationFields form={form} />
      </Fieldset>
    </FormShell>
  );
}
