import { Fieldset, Text } from '@mantine/core';
import type { OrganizationResponse } from '@reprise/shared';
import { IconBuilding } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { withAlert } from '../../app/alert-from-query';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { showSaveError } from '../../ui/form-feedback';
import { PageLoader } from '../../ui/page-loader';
import { OrganizationFormView } from './organization-form';
import { organizationFormValues, organizationPatch } from './organization-form-values';
import { useOrganization, useUpdateOrganization } from './organizations.queries';
import { useOrganizationsBreadcrumbs } from './organizations-breadcrumbs';
import { useOrganizationForm } from './use-organization-form';

function CreatedAt({ organization }: { organization: OrganizationResponse }) {
  const { t } = useTranslation('entities');
  const { dateTime } = useFormatters();
  return (
    <Fieldset legend={t('form.dates')}>
      <Text size="sm" c="dimmed">
        {t('form.createdAt')}
      </Text>
      <Text fw={500}>{dateTime(organization.createdAt)}</Text>
    </Fieldset>
  );
}

function EditOrganizationForm({
  organization,
  readOnly,
}: {
  organization: OrganizationResponse;
  readOnly: boolean;
}) {
  const { t } = useTranslation('entities');
  const navigate = useNavigate();
  const form = useOrganizationForm(organizationFormValues(organization), 'edit');
  const update = useUpdateOrganization(organization.id);
  const done = () => navigate(withAlert('/entities', { type: 'success', message: 'entities:alert.updated' }));

  return (
    <OrganizationFormView
      form={form}
      organizationId={organization.id}
      readOnly={readOnly}
      submitLabel={t('edit.submit')}
      submitting={update.isPending}
      onSubmit={(values) => {
        const patch = organizationPatch(form.getInitialValues(), values);
        if (Object.keys(patch).length === 0) return done();
        update.mutate(patch, { onSuccess: done, onError: (error) => showSaveError(form, error) });
      }}
      footer={<CreatedAt organization={organization} />}
    />
  );
}

/** `/entity/:id/edit`: changes an organisation (its type and buyer stay); read-only without the right to write. */
export function OrganizationEditPage() {
  const { t } = useTranslation('entities');
  const { id = '' } = useParams();
  const { can } = useSession();
  const readOnly = !can('organization.create');
  const organization = useOrganization(id);
  const breadcrumbs = useOrganizationsBreadcrumbs();
  const name = organization.data?.commonName ?? '';
  const title = readOnly ? t('edit.viewTitle') : t('edit.title');
  usePageHeader({
    title: name ? `${title} · ${name}` : title,
    icon: IconBuilding,
    breadcrumbs: [...breadcrumbs, { label: name || title }],
  });

  if (!organization.data) return <PageLoader />;
  return (
    <EditOrganizationForm key={organization.data.id} organization={organization.data} readOnly={readOnly} />
  );
}
