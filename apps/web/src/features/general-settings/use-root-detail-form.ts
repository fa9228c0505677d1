import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type OrganizationRootDetailResponse, PatchOrganizationRootDetailRequest } from '@reprise/shared';
import { IconAdjustments } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePageHeader } from '../../app/page-header';
import { useCurrentUser } from '../../app/session';
import { handleFormError, zodValidator } from '../../ui/forms';
import { useRootDetail } from '../settings';
import { usePatchRootDetail } from './general-settings.queries';
import { changedFields } from './settings-values';

const validateRequest = zodValidator<PatchOrganizationRootDetailRequest>(PatchOrganizationRootDetailRequest);

/**
 * A form over some fields of the root details: validated by the shared schema (one message per
 * field), saved as a merge-patch of the fields changed, the server's violations shown on their field.
 */
export function useRootDetailForm<Values extends Record<string, unknown>>(
  detail: OrganizationRootDetailResponse,
  valuesOf: (detail: OrganizationRootDetailResponse) => Values,
  requestOf: (values: Values) => PatchOrganizationRootDetailRequest,
) {
  const { t } = useTranslation('generalSettings');
  const save = usePatchRootDetail(detail.accountId);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(detail),
    validate: (values) => validateRequest(requestOf(values)),
  });
  const submit = form.onSubmit((values) => {
    const patch = changedFields(requestOf(values), detail);
    save.mutate(
      { id: detail.id, patch },
      {
        onSuccess: (saved) => {
          form.setInitialValues(valuesOf(saved));
          form.setValues(valuesOf(saved));
          form.resetDirty(valuesOf(saved));
          notifications.show({ color: 'green', message: t('saved') });
        },
        onError: (error) => handleFormError(form, error),
      },
    );
  });
  return { form, submit, saving: save.isPending };
}

/**
 * A module's general settings page: its header (`title` under the general settings) and the root
 * details of the user's account it edits.
 */
export function useGeneralSettingsPage(title: string) {
  const { t } = useTranslation('generalSettings');
  const account = useCurrentUser().currentOrganization.account;
  usePageHeader({
    title,
    icon: IconAdjustments,
    breadcrumbs: [{ label: t('breadcrumb') }, { label: title }],
  });
  return { account, detail: useRootDetail(account.id) };
}
