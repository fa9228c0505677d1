import { CreateOrganizationRequest } from '@reprise/shared';
import { IconBuildingPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withAlert } from '../../app/alert-from-query';
import { usePageHeader } from '../../app/page-header';
import { showSaveError } from '../../ui/form-feedback';
import { OrganizationFormView } from './organization-form';
import { organizationFormValues, toOrganizationRequest } from './organization-form-values';
import { useCreateOrganization } from './organizations.queries';
import { useOrganizationsBreadcrumbs } from './organizations-breadcrumbs';
import { useOrganizationForm } from './use-organization-form';

/** `/entity/create`: a new organisation in the account's tree. */
export function OrganizationCreatePage() {
  const { t } = useTranslation('entities');
  const navigate = useNavigate();
  const breadcrumbs = useOrganizationsBreadcrumbs();
  const form = useOrganizationForm(organizationFormValues(), 'create');
  const create = useCreateOrganization();
  usePageHeader({
    title: t('create.title'),
    icon: IconBuildingPlus,
    breadcrumbs: [...breadcrumbs, { label: t('create.title') }],
  });

  return (
    <OrganizationFormView
      form={form}
      organizationId={null}
      submitLabel={t('create.submit')}
      submitting={create.isPending}
      onSubmit={(values) =>
        create.mutate(CreateOrganizationRequest.parse(toOrganizationRequest(values)), {
          onSuccess: () =>
            navigate(withAlert('/entities', { type: 'success', message: 'entities:alert.created' })),
          onError: (error) => showSaveError(form, error),
        })
      }
    />
  );
}
