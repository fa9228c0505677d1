import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type OrganizationRootDetailResponse, PatchOrganizationRootDetailRequest } from '@reprise/shared';
import { IconAdjustments } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useCurrentUser, useSession } from '../../app/session';
import { handleFormError, zodValidator } from '../../ui/forms';
import { useClientAccount } from '../account-admin';
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

/** The account whose general settings a page edits: what the pages show of it. */
interface SettingsAccount {
  id: string;
  name: string;
  currency: string;
  isRetailer: boolean;
}

/**
 * The account a general settings page edits: the user's own, or for a platform operator the client
 * named by `?accountId=` (the client edit screen's link); null while that client loads.
 */
function useSettingsAccount(): { account: SettingsAccount | null; chosen: boolean } {
  const [params] = useSearchParams();
  const { can } = useSession();
  const own = useCurrentUser().currentOrganization.account;
  const chosenId = can('client.detail') ? params.get('accountId') : null;
  const client = useClientAccount(chosenId ?? '', chosenId !== null);
  if (!chosenId) return { account: own, chosen: false };
  const data = client.data;
  return {
    account: data
      ? { id: data.id, name: data.name, currency: data.currency, isRetailer: data.kind === 'retailer' }
      : null,
    chosen: true,
  };
}

/**
 * A module's general settings page: its header (`title` under the general settings, with the
 * client's name when an operator edits another account's) and the root details it edits.
 */
export function useGeneralSettingsPage(title: string) {
  const { t } = useTranslation('generalSettings');
  const { account, chosen } = useSettingsAccount();
  const heading = chosen && account ? t('ofAccount', { title, name: account.name }) : title;
  usePageHeader({
    title: heading,
    icon: IconAdjustments,
    breadcrumbs: [{ label: t('breadcrumb') }, { label: heading }],
  });
  const detail = useRootDetail(account?.id ?? '', account !== null);
  return { account, chosen, detail };
}
