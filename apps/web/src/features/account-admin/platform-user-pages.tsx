import { Alert, Fieldset, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CreateUserRequest, type ModuleType, PatchUserRequest, type UserResponse } from '@reprise/shared';
import { IconUserEdit, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { withAlert } from '../../app/alert-from-query';
import { usePageHeader } from '../../app/page-header';
import { useCurrentUser, useSession } from '../../app/session';
import { showSaveError } from '../../ui/form-feedback';
import { PageLoader } from '../../ui/page-loader';
import {
  type AssignableUserType,
  toUserRequest,
  UserDates,
  UserFormView,
  useAssignableUserTypes,
  useCreateUser,
  userFormValues,
  userPatch,
  useUpdateUser,
  useUser,
  useUserForm,
} from '../users';
import { useClientAccount, useClientAccounts } from './account-admin.queries';
import { useClientsBreadcrumbs } from './clients-breadcrumbs';

/**
 * The platform-admin user screens: `userAdmin/…` for platform admins
 * (module root, in the platform's own account; only a super admin may assign them, `admin.assign`)
 * and `userClient/…` for the users of a chosen client account. Both reuse the users' form
 * (features/users) with the parent organisations limited to one account.
 */

type Audience = 'admin' | 'client';

const forAudience = (assignable: readonly AssignableUserType[], audience: Audience) =>
  assignable.filter((a) => (audience === 'admin' ? a.moduleType === 'root' : a.moduleType !== 'root'));

const editPath = (audience: Audience, id: string) =>
  `/${audience === 'admin' ? 'userAdmin' : 'userClient'}/${id}/edit`;

interface CreateFormProps {
  audience: Audience;
  accountId: string;
  assignable: AssignableUserType[];
  header?: React.ReactNode;
}

function CreatePlatformUserForm({ audience, accountId, assignable, header }: CreateFormProps) {
  const { t } = useTranslation(['clients', 'users']);
  const { can } = useSession();
  const navigate = useNavigate();
  const modules = [...new Set(assignable.map((a) => a.moduleType))];
  const defaultModule: ModuleType | null = modules.length === 1 ? (modules[0] ?? null) : null;
  const form = useUserForm(userFormValues(undefined, defaultModule), 'create');
  const create = useCreateUser();
  return (
    <UserFormView
      form={form}
      assignable={assignable}
      accountId={accountId}
      cancelTo={audience === 'admin' ? '/home' : '/clients'}
      header={header}
      submitLabel={t('users:create.submit')}
      submitting={create.isPending}
      onSubmit={(values) =>
        create.mutate(CreateUserRequest.parse(toUserRequest(values, can('user.force_sso_field'))), {
          onSuccess: (user) =>
            navigate(
              withAlert(editPath(audience, user.id), { type: 'success', message: 'users:alert.created' }),
            ),
          onError: (error) => showSaveError(form, error),
        })
      }
    />
  );
}

/** `/userAdmin/create`: a platform admin or super admin of the platform's own account. */
export function UserAdminCreatePage() {
  const { t } = useTranslation('clients');
  const platformAccountId = useCurrentUser().currentOrganization.account.id;
  const assignable = useAssignableUserTypes();
  usePageHeader({
    title: t('users.adminCreate'),
    icon: IconUserPlus,
    breadcrumbs: [...useClientsBreadcrumbs().slice(0, 1), { label: t('users.adminCreate') }],
  });
  if (!assignable.data) return <PageLoader />;
  return (
    <CreatePlatformUserForm
      audience="admin"
      accountId={platformAccountId}
      assignable={forAudience(assignable.data, 'admin')}
    />
  );
}

/** The client a user is created for: searched among the client accounts. */
function ClientChoice({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useTranslation('clients');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 250);
  const clients = useClientAccounts({ search: term || undefined, itemsPerPage: 30, 'order[name]': 'asc' });
  const chosen = useClientAccount(value ?? '', value !== null).data;
  const options = new Map(
    [...(chosen ? [chosen] : []), ...(clients.data?.member ?? [])].map((c) => [
      c.id,
      { value: c.id, label: `${c.name} · ${t(`kind.${c.kind}`)}` },
    ]),
  );
  return (
    <Fieldset legend={t('users.client')}>
      <Select
        label={t('users.client')}
        description={t('users.clientHelp')}
        data={[...options.values()]}
        value={value}
        onChange={onChange}
        searchable
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        nothingFoundMessage={t('users.noClient')}
        required
        data-testid="user-client-choice"
      />
    </Fieldset>
  );
}

/** `/userClient/create`: a user of a client account chosen first (`?accountId=` preselects it). */
export function UserClientCreatePage() {
  const { t } = useTranslation('clients');
  const [params] = useSearchParams();
  const [accountId, setAccountId] = useState<string | null>(params.get('accountId'));
  const assignable = useAssignableUserTypes();
  usePageHeader({
    title: t('users.clientCreate'),
    icon: IconUserPlus,
    breadcrumbs: [...useClientsBreadcrumbs(), { label: t('users.clientCreate') }],
  });
  if (!assignable.data) return <PageLoader />;
  const header = <ClientChoice value={accountId} onChange={setAccountId} />;
  if (!accountId)
    return (
      <>
        {header}
        <Text c="dimmed" mt="md">
          {t('users.chooseClientFirst')}
        </Text>
      </>
    );
  return (
    <CreatePlatformUserForm
      // a new client starts a new form: the parents chosen belonged to the other one
      key={accountId}
      audience="client"
      accountId={accountId}
      assignable={forAudience(assignable.data, 'client')}
      header={header}
    />
  );
}

function EditPlatformUserForm({
  audience,
  user,
  assignable,
}: {
  audience: Audience;
  user: UserResponse;
  assignable: AssignableUserType[];
}) {
  const { t } = useTranslation(['clients', 'users']);
  const { can } = useSession();
  const form = useUserForm(userFormValues(user), 'edit');
  const update = useUpdateUser(user.id);
  const readOnly = user.editable ? false : ('notEditable' as const);
  return (
    <UserFormView
      form={form}
      assignable={assignable}
      accountId={user.accountId}
      readOnly={readOnly}
      cancelTo={audience === 'admin' ? '/home' : '/clients'}
      submitLabel={t('users:edit.submit')}
      submitting={update.isPending}
      onSubmit={(values) => {
        const patch = PatchUserRequest.parse(
          userPatch(form.getInitialValues(), values, can('user.force_sso_field')),
        );
        update.mutate(patch, {
          onSuccess: (updated) => {
            form.resetDirty(userFormValues(updated));
            form.setInitialValues(userFormValues(updated));
          },
          onError: (error) => showSaveError(form, error),
        });
      }}
      footer={<UserDates user={user} />}
    />
  );
}

function EditPage({ audience }: { audience: Audience }) {
  const { t } = useTranslation('clients');
  const { id = '' } = useParams();
  const user = useUser(id);
  const assignable = useAssignableUserTypes();
  const client = useClientAccount(
    user.data?.accountId ?? '',
    audience === 'client' && Boolean(user.data),
  ).data;
  const name = user.data ? `${user.data.firstname} ${user.data.lastname}` : '';
  const title = audience === 'admin' ? t('users.adminEdit') : t('users.clientEdit');
  const breadcrumbs = useClientsBreadcrumbs();
  usePageHeader({
    title: name ? `${title} · ${name}` : title,
    icon: IconUserEdit,
    breadcrumbs: [
      ...(audience === 'admin' ? breadcrumbs.slice(0, 1) : breadcrumbs),
      { label: name || title },
    ],
  });
  if (!user.data || !assignable.data) return <PageLoader />;
  return (
    <>
      {audience === 'client' && (
        <Alert color="blue" variant="light" mb="md" role="note">
          {client
            ? t('users.ofClient', { name: client.name, kind: t(`kind.${client.kind}`) })
            : t('users.ofAccount')}
        </Alert>
      )}
      <EditPlatformUserForm
        key={user.data.id}
        audience={audience}
        user={user.data}
        assignable={forAudience(assignable.data, audience)}
      />
    </>
  );
}

/** `/userAdmin/:id/edit`: a platform admin user (read-only to an admin: only a super admin assigns admins). */
export function UserAdminEditPage() {
  return <EditPage audience="admin" />;
}

/** `/userClient/:id/edit`: a user of a client account, with the client it belongs to. */
export function UserClientEditPage() {
  return <EditPage audience="client" />;
}
