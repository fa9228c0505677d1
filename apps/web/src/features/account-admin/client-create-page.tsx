import { Fieldset, Stack } from '@mantine/core';
import { CreateClientAccountRequest } from '@reprise/shared';
import { IconBuildingPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withAlert } from '../../app/alert-from-query';
import { usePageHeader } from '../../app/page-header';
import { showSaveError } from '../../ui/form-feedback';
import { FormShell } from '../../ui/form-shell';
import { useCreateClientAccount } from './account-admin.queries';
import {
  ClientContractFields,
  ClientGeneralFields,
  ClientModulesField,
  clientFormValues,
  useClientForm,
} from './client-form';
import { useClientFieldLabels } from './client-labels';
import { useClientsBreadcrumbs } from './clients-breadcrumbs';

/** `/client/create`: a new client account, its root organisation and its root details, in one step. */
export function ClientCreatePage() {
  const { t } = useTranslation('clients');
  const navigate = useNavigate();
  const breadcrumbs = useClientsBreadcrumbs();
  usePageHeader({
    title: t('create.title'),
    icon: IconBuildingPlus,
    breadcrumbs: [...breadcrumbs, { label: t('create.title') }],
  });
  const form = useClientForm(clientFormValues(), 'create');
  const create = useCreateClientAccount();
  const labels = useClientFieldLabels();
  return (
    <FormShell
      form={form}
      labels={labels}
      submitLabel={t('create.submit')}
      submitting={create.isPending}
      ns="clients"
      cancelTo="/clients"
      onSubmit={(values) =>
        create.mutate(CreateClientAccountRequest.parse(values), {
          onSuccess: (client) =>
            navigate(
              withAlert(`/client/${client.rootOrganizationId}/edit`, {
                type: 'success',
                message: 'clients:alert.created',
              }),
            ),
          onError: (error) => showSaveError(form, error),
        })
      }
    >
      <ClientGeneralFields form={form} mode="create" />
      <Fieldset legend={t('tabs.modules')}>
        <Stack gap="md">
          <ClientModulesField form={form} />
          <ClientContractFields form={form} />
        </Stack>
      </Fieldset>
    </FormShell>
  );
}
