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
import { useOrganization, useUpdateOrganization } from './entities.queries';
import { useEntitiesBreadcrumbs } from './entities-breadcrumbs';
import { EntityFormView } from './entity-form';
import { entityFormValues, organizationPatch } from './entity-form-values';
import { useEntityForm } from './use-entity-form';

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

function EditEntityForm({
  organization,
  readOnly,
}: {
  organization: OrganizationResponse;
  readOnly: boolean;
}) {
  const { t } = useTranslation('entities');
  const navigate = useNavigate();
  const form = useEntityForm(entityFormValues(organization), 'edit');
  const update = useUpdateOrganization(organization.id);
  const done = () => navigate(withAlert('/entities', { type: 'success', message: 'entities:alert.updated' }));

  return (
    <EntityFormView
      form={form}
      entityId={organization.id}
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

/** `/entity/:id/edit`: changes an entity (its type and buyer stay); read-only without the right to write. */
export function EntityEditPage() {
  const { t } = useTranslation('entities');
  const { id = '' } = useParams();
  const { can } = useSession();
  const readOnly = !can('organization.create');
  const organization = useOrganization(id);
  const breadcrumbs = useEntitiesBreadcrumbs();
  const name = organization.data?.commonName ?? '';
  const title = readOnly ? t('edit.viewTitle') : t('edit.title');
  usePageHeader({
    title: name ? `${title} · ${name}` : title,
    icon: IconBuilding,
    breadcrumbs: [...breadcrumbs, { label: name || title }],
  });

  if (!organization.data) return <PageLoader />;
  return <EditEntityForm key={organization.data.id} organization={organization.data} readOnly={readOnly} />;
}
