import { PatchUserRequest, type UserResponse } from '@reprise/shared';
import { IconUserEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { withAlert } from '../../app/alert-from-query';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { showSaveError } from '../../ui/form-feedback';
import { PageLoader } from '../../ui/page-loader';
import { useUserForm } from './use-user-form';
import { UserDates } from './user-dates';
import { type ReadOnlyReason, UserFormView } from './user-form';
import { userFormValues, userPatch } from './user-form-values';
import { type AssignableUserType, useAssignableUserTypes, useUpdateUser, useUser } from './users.queries';
import { useUsersBreadcrumbs } from './users-breadcrumbs';

interface EditUserFormProps {
  user: UserResponse;
  assignable: readonly AssignableUserType[];
  /** Why the form is read-only, if it is. */
  readOnly: ReadOnlyReason | false;
}

function EditUserForm({ user, assignable, readOnly }: EditUserFormProps) {
  const { t } = useTranslation('users');
  const { can } = useSession();
  const navigate = useNavigate();
  const form = useUserForm(userFormValues(user), 'edit');
  const update = useUpdateUser(user.id);
  const done = () => navigate(withAlert('/users', { type: 'success', message: 'users:alert.updated' }));

  return (
    <UserFormView
      form={form}
      assignable={assignable}
      readOnly={readOnly}
      submitLabel={t('edit.submit')}
      submitting={update.isPending}
      onSubmit={(values) => {
        const patch = PatchUserRequest.parse(
          userPatch(form.getInitialValues(), values, can('user.force_sso_field')),
        );
        if (Object.keys(patch).length === 0) return done();
        update.mutate(patch, { onSuccess: done, onError: (error) => showSaveError(form, error) });
      }}
      footer={<UserDates user={user} />}
    />
  );
}

/** `/user/:id/edit`: changes a user; those who may only read it see the same form, read-only. */
export function UserEditPage() {
  const { t } = useTranslation('users');
  const { id = '' } = useParams();
  const { can } = useSession();
  const canEdit = can('user.create');
  const user = useUser(id);
  const assignable = useAssignableUserTypes(canEdit);
  // A user holding a user type the signed-in user could not grant is read-only to them.
  const readOnly: ReadOnlyReason | false = !canEdit
    ? 'noPermission'
    : user.data?.editable === false
      ? 'notEditable'
      : false;
  const breadcrumbs = useUsersBreadcrumbs();
  const name = user.data ? `${user.data.firstname} ${user.data.lastname}` : '';
  const title = readOnly ? t('edit.viewTitle') : t('edit.title');
  usePageHeader({
    title: name ? `${title} · ${name}` : title,
    icon: IconUserEdit,
    breadcrumbs: [...breadcrumbs, { label: name || title }],
  });

  if (!user.data || (canEdit && !assignable.data)) return <PageLoader />;
  return (
    <EditUserForm
      key={user.data.id}
      user={user.data}
      assignable={assignable.data ?? []}
      readOnly={readOnly}
    />
  );
}
