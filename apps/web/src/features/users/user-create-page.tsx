import { Alert } from '@mantine/core';
import { CreateUserRequest } from '@reprise/shared';
import { IconMail, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withAlert } from '../../app/alert-from-query';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { showSaveError } from '../../ui/form-feedback';
import { PageLoader } from '../../ui/page-loader';
import { useUserForm } from './use-user-form';
import { UserFormView } from './user-form';
import { toUserRequest, userFormValues } from './user-form-values';
import { type AssignableUserType, useAssignableUserTypes, useCreateUser } from './users.queries';
import { useUsersBreadcrumbs } from './users-breadcrumbs';

function CreateUserForm({ assignable }: { assignable: AssignableUserType[] }) {
  const { t } = useTranslation('users');
  const { can } = useSession();
  const navigate = useNavigate();
  const modules = new Set(assignable.map((a) => a.moduleType));
  // With a single grantable module, the first row starts in it.
  const defaultModule = modules.size === 1 ? [...modules][0]! : null;
  const form = useUserForm(userFormValues(undefined, defaultModule), 'create');
  const create = useCreateUser();

  return (
    <UserFormView
      form={form}
      assignable={assignable}
      submitLabel={t('create.submit')}
      submitting={create.isPending}
      onSubmit={(values) =>
        create.mutate(CreateUserRequest.parse(toUserRequest(values, can('user.force_sso_field'))), {
          onSuccess: () => navigate(withAlert('/users', { type: 'success', message: 'users:alert.created' })),
          onError: (error) => showSaveError(form, error),
        })
      }
      footer={
        <Alert color="gray" variant="light" icon={<IconMail aria-hidden />} role="note">
          {t('create.invitation')}
        </Alert>
      }
    />
  );
}

/** `/user/create`: a new user of the account, invited by e-mail to set a password. */
export function UserCreatePage() {
  const { t } = useTranslation('users');
  const assignable = useAssignableUserTypes();
  const breadcrumbs = useUsersBreadcrumbs();
  usePageHeader({
    title: t('create.title'),
    icon: IconUserPlus,
    breadcrumbs: [...breadcrumbs, { label: t('create.title') }],
  });
  return assignable.data ? <CreateUserForm assignable={assignable.data} /> : <PageLoader />;
}
