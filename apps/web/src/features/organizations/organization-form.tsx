import { Fieldset } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormShell } from '../../ui/form-shell';
import { AddressFields, AttachmentFields, GeneralFields, LocationFields } from './organization-form-sections';
import type { OrganizationFormValues } from './organization-form-values';
import type { OrganizationForm } from './use-organization-form';

interface OrganizationFormViewProps {
  form: OrganizationForm;
  /** The organisation being edited; absent on create. */
  organizationId: string | null;
  onSubmit: (values: OrganizationFormValues) => void;
  submitting: boolean;
  submitLabel: string;
  readOnly?: boolean;
  footer?: ReactNode;
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
export function OrganizationFormView({
  form,
  organizationId,
  onSubmit,
  submitting,
  submitLabel,
  readOnly = false,
  footer,
}: OrganizationFormViewProps) {
  const { t } = useTranslation('entities');
  const labels = useFieldLabels();
  return (
    <FormShell
      form={form}
      labels={labels}
      onSubmit={onSubmit}
      submitLabel={submitLabel}
      submitting={submitting}
      readOnlyNote={readOnly ? t('form.readOnly') : null}
      cancel={{ to: '/entities', label: t('form.cancel'), backLabel: t('form.back') }}
      footer={footer}
    >
      <Fieldset legend={t('form.general')} disabled={readOnly}>
        <GeneralFields form={form} organizationId={organizationId} />
      </Fieldset>
      <Fieldset legend={t('form.attachment')} disabled={readOnly}>
        <AttachmentFields form={form} organizationId={organizationId} />
      </Fieldset>
      <Fieldset legend={t('form.address')} disabled={readOnly}>
        <AddressFields form={form} />
      </Fieldset>
      <Fieldset legend={t('form.location')} disabled={readOnly}>
        <LocationFields form={form} />
      </Fieldset>
    </FormShell>
  );
}
