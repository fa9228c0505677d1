import { Alert, Button, Fieldset, Group, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormErrorSummary } from '../../ui/form-error-summary';
import { focusFirstError } from '../users/form-feedback';
import { AddressFields, AttachmentFields, GeneralFields, LocationFields } from './entity-form-sections';
import type { EntityFormValues } from './entity-form-values';
import type { EntityForm } from './use-entity-form';

interface EntityFormViewProps {
  form: EntityForm;
  /** The entity being edited; absent on create. */
  entityId: string | null;
  onSubmit: (values: EntityFormValues) => void;
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

/** The entity form of the create and edit screens, in four parts. */
export function EntityFormView({
  form,
  entityId,
  onSubmit,
  submitting,
  submitLabel,
  readOnly = false,
  footer,
}: EntityFormViewProps) {
  const { t } = useTranslation('entities');
  const [attempted, setAttempted] = useState(false);
  const labels = useFieldLabels();
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) => {
          setAttempted(true);
          onSubmit(values);
        },
        (errors) => {
          setAttempted(true);
          focusFirstError(form, errors);
        },
      )}
    >
      <Stack gap="lg" maw={1100}>
        {readOnly && (
          <Alert color="blue" icon={<IconInfoCircle aria-hidden />} role="note">
            {t('form.readOnly')}
          </Alert>
        )}
        {attempted && (
          <FormErrorSummary
            errors={form.errors}
            labels={labels}
            onSelect={(path) => form.getInputNode(path)?.focus()}
          />
        )}
        <Fieldset legend={t('form.general')} disabled={readOnly}>
          <GeneralFields form={form} entityId={entityId} />
        </Fieldset>
        <Fieldset legend={t('form.attachment')} disabled={readOnly}>
          <AttachmentFields form={form} entityId={entityId} />
        </Fieldset>
        <Fieldset legend={t('form.address')} disabled={readOnly}>
          <AddressFields form={form} />
        </Fieldset>
        <Fieldset legend={t('form.location')} disabled={readOnly}>
          <LocationFields form={form} />
        </Fieldset>
        {footer}
        <Group justify="flex-end">
          <Button component={Link} to="/entities" variant="default">
            {readOnly ? t('form.back') : t('form.cancel')}
          </Button>
          {!readOnly && (
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
