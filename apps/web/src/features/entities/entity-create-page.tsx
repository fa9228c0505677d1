import { CreateOrganizationRequest } from '@reprise/shared';
import { IconBuildingPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withAlert } from '../../app/alert-from-query';
import { usePageHeader } from '../../app/page-header';
import { showSaveError } from '../../ui/form-feedback';
import { useCreateOrganization } from './entities.queries';
import { useEntitiesBreadcrumbs } from './entities-breadcrumbs';
import { EntityFormView } from './entity-form';
import { entityFormValues, toOrganizationRequest } from './entity-form-values';
import { useEntityForm } from './use-entity-form';

/** `/entity/create`: a new entity in the account's tree. */
export function EntityCreatePage() {
  const { t } = useTranslation('entities');
  const navigate = useNavigate();
  const breadcrumbs = useEntitiesBreadcrumbs();
  const form = useEntityForm(entityFormValues(), 'create');
  const create = useCreateOrganization();
  usePageHeader({
    title: t('create.title'),
    icon: IconBuildingPlus,
    breadcrumbs: [...breadcrumbs, { label: t('create.title') }],
  });

  return (
    <EntityFormView
      form={form}
      entityId={null}
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
