import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Code,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId, useDisclosure } from '@mantine/hooks';
import {
  SSO_DEFAULT_CLAIM_TYPES,
  SSO_DEFAULT_SCOPE,
  SSO_MAPPABLE_USER_TYPES,
  type SsoConfiguration,
  SsoConfigurationRequest,
  type SsoConfigurationResponse,
} from '@reprise/shared';
import { IconKey, IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { reportError } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { ConfirmDeleteModal } from '../../ui/confirm-delete-modal';
import { FormShell } from '../../ui/form-shell';
import { handleFormError, zodValidator } from '../../ui/forms';
import { PageLoader } from '../../ui/page-loader';
import { useOrganizations } from '../organizations';
import { useDeleteSsoConfiguration, useSaveSsoConfiguration, useSsoConfiguration } from './sso.queries';

type FormValues = Omit<SsoConfigurationRequest, 'clientSecret'> & { clientSecret: string };

function initialValues(configuration: SsoConfiguration | null): FormValues {
  return {
    status: configuration?.status ?? 'active',
    domains: configuration?.domains ?? [],
    clientId: configuration?.clientId ?? '',
    clientSecret: '',
    configurationEndpoint: configuration?.configurationEndpoint ?? '',
    scope: configuration?.scope ?? SSO_DEFAULT_SCOPE,
    roleMapping: configuration?.roleMapping ?? [],
    claimTypes: configuration?.claimTypes ?? { ...SSO_DEFAULT_CLAIM_TYPES },
  };
}

/** `/connectors/:organizationId/SSO`: the single sign-on of the account whose root organisation this is. */
export function SsoConfigurationPage() {
  const { t } = useTranslation('sso');
  const { organizationId = '' } = useParams();
  const answer = useSsoConfiguration(organizationId);
  usePageHeader({
    title: t('title'),
    icon: IconKey,
    breadcrumbs: [
      { label: t('breadcrumb.configuration') },
      { label: t('breadcrumb.connectors'), to: `/connectors/${organizationId}/connectors` },
      { label: t('title') },
    ],
  });
  if (!answer.data) return <PageLoader />;
  // a new form once the configuration is created or removed (its secret state changes)
  const key = answer.data.configuration?.updatedAt ?? 'new';
  return <SsoConfigurationForm key={key} organizationId={organizationId} answer={answer.data} />;
}

function SsoConfigurationForm({
  organizationId,
  answer,
}: {
  organizationId: string;
  answer: SsoConfigurationResponse;
}) {
  const { t } = useTranslation('sso');
  const { t: tCommon } = useTranslation('common');
  const { configuration } = answer;
  const secretSet = configuration?.clientSecret.set ?? false;
  const [replacing, setReplacing] = useState(!secretSet);
  const save = useSaveSsoConfiguration(organizationId);
  // a stable key per role mapping row, kept beside the form's values
  const [rowKeys, setRowKeys] = useState(() => (configuration?.roleMapping ?? []).map(() => randomId()));
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: initialValues(configuration),
    validate: (values) => {
      const errors = zodValidator<FormValues>(SsoConfigurationRequest)({
        ...values,
        clientSecret: values.clientSecret === '' ? null : values.clientSecret,
      } as FormValues);
      if (replacing && values.clientSecret === '') errors.clientSecret = t('form.secretRequired');
      return errors;
    },
  });
  const organizations = useOrganizations({ accountId: answer.accountId, itemsPerPage: 100 });
  const organizationOptions = (organizations.data?.member ?? []).map((o) => ({
    value: o.id,
    label: o.commonName,
  }));
  const userTypeOptions = SSO_MAPPABLE_USER_TYPES.map((type) => ({
    value: type,
    label: tCommon(`userType.${type}`),
  }));
  const labels: Record<string, string> = {
    status: t('form.status'),
    domains: t('form.domains'),
    clientId: t('form.clientId'),
    clientSecret: t('form.clientSecret'),
    configurationEndpoint: t('form.configurationEndpoint'),
    scope: t('form.scope'),
    'claimTypes.email': t('form.claim.email'),
    'claimTypes.firstname': t('form.claim.firstname'),
    'claimTypes.lastname': t('form.claim.lastname'),
    'claimTypes.roles': t('form.claim.roles'),
  };

  const submit = (values: FormValues) =>
    save.mutate(
      { ...values, clientSecret: replacing && values.clientSecret !== '' ? values.clientSecret : null },
      { onError: (error) => handleFormError(form, error) },
    );

  return (
    <Stack gap="lg">
      <Card withBorder padding="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('provider.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('provider.intro')}
          </Text>
          <Text size="sm" fw={500}>
            {t('provider.redirectUri')}
          </Text>
          <Code data-testid="sso-redirect-uri">{answer.redirectUri}</Code>
          <Text size="sm" fw={500}>
            {t('provider.postLogoutRedirectUri')}
          </Text>
          <Code>{answer.postLogoutRedirectUri}</Code>
        </Stack>
      </Card>
      <FormShell
        form={form}
        labels={labels}
        onSubmit={submit}
        submitLabel={t('form.save')}
        submitting={save.isPending}
        ns="sso"
        cancelTo={`/connectors/${organizationId}/connectors`}
        extraActions={
          configuration ? (
            <Badge
              color={configuration.status === 'active' ? 'green' : 'gray'}
              variant="light"
              data-testid="sso-status"
            >
              {tCommon(`status.${configuration.status}`)}
            </Badge>
          ) : null
        }
      >
        <Card withBorder padding="md">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={labels.status}
                data={[
                  { value: 'active', label: tCommon('status.active') },
                  { value: 'inactive', label: tCommon('status.inactive') },
                ]}
                allowDeselect={false}
                {...form.getInputProps('status')}
              />
              <TagsInput
                label={labels.domains}
                description={t('form.domainsHelp')}
                required
                data-testid="sso-domains"
                {...form.getInputProps('domains')}
              />
              <TextInput
                label={labels.configurationEndpoint}
                description={t('form.configurationEndpointHelp')}
                required
                data-testid="sso-endpoint"
                {...form.getInputProps('configurationEndpoint')}
              />
              <TextInput
                label={labels.scope}
                required
                data-testid="sso-scope"
                {...form.getInputProps('scope')}
              />
              <TextInput
                label={labels.clientId}
                required
                autoComplete="off"
                data-testid="sso-client-id"
                {...form.getInputProps('clientId')}
              />
              {replacing ? (
                <Stack gap={4}>
                  <PasswordInput
                    label={labels.clientSecret}
                    description={t('form.secretHelp')}
                    required
                    autoComplete="new-password"
                    data-testid="sso-client-secret"
                    {...form.getInputProps('clientSecret')}
                  />
                  {secretSet && (
                    <Button variant="subtle" size="xs" w="fit-content" onClick={() => setReplacing(false)}>
                      {t('form.keep')}
                    </Button>
                  )}
                </Stack>
              ) : (
                <Stack gap={4} data-testid="sso-secret-set">
                  <Text size="sm" fw={500}>
                    {labels.clientSecret}
                  </Text>
                  <Group gap="sm">
                    <Badge color="green" variant="light" leftSection={<IconLock size={12} aria-hidden />}>
                      {t('form.secretSet')}
                    </Badge>
                    <Button variant="default" size="xs" onClick={() => setReplacing(true)}>
                      {t('form.replace')}
                    </Button>
                  </Group>
                </Stack>
              )}
            </SimpleGrid>
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('form.claimTypes')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('form.claimTypesHelp')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {(['email', 'firstname', 'lastname', 'roles'] as const).map((claim) => (
                <TextInput
                  key={claim}
                  label={labels[`claimTypes.${claim}`]}
                  required
                  {...form.getInputProps(`claimTypes.${claim}`)}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('form.roleMapping')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('form.roleMappingHelp')}
            </Text>
            {form.values.roleMapping.length === 0 && (
              <Text size="sm" c="dimmed" data-testid="sso-role-mapping-empty">
                {t('form.roleMappingEmpty')}
              </Text>
            )}
            {form.values.roleMapping.map((_entry, index) => (
              <Group key={rowKeys[index]} align="flex-end" wrap="wrap" data-testid="sso-role-row">
                <TextInput
                  label={t('form.claimValue')}
                  required
                  style={{ flex: 1, minWidth: 160 }}
                  {...form.getInputProps(`roleMapping.${index}.claimValue`)}
                />
                <Select
                  label={t('form.userType')}
                  data={userTypeOptions}
                  required
                  allowDeselect={false}
                  style={{ flex: 1, minWidth: 180 }}
                  {...form.getInputProps(`roleMapping.${index}.userType`)}
                />
                <Select
                  label={t('form.organization')}
                  data={organizationOptions}
                  searchable
                  required
                  style={{ flex: 1, minWidth: 220 }}
                  {...form.getInputProps(`roleMapping.${index}.organizationId`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  onClick={() => {
                    form.removeListItem('roleMapping', index);
                    setRowKeys((keys) => keys.filter((_, i) => i !== index));
                  }}
                  aria-label={t('form.removeRole', { index: index + 1 })}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              w="fit-content"
              onClick={() =>
                form.insertListItem('roleMapping', {
                  claimValue: '',
                  userType: 'store_seller',
                  organizationId: '',
                })
              }
            >
              {t('form.addRole')}
            </Button>
          </Stack>
        </Card>
      </FormShell>
      {configuration && <DeleteSsoConfiguration organizationId={organizationId} />}
    </Stack>
  );
}

function DeleteSsoConfiguration({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('sso');
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteSsoConfiguration(organizationId);
  return (
    <>
      <Group>
        <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={open}>
          {t('delete.button')}
        </Button>
      </Group>
      <ConfirmDeleteModal
        opened={opened}
        onClose={close}
        title={t('delete.title')}
        cancelLabel={t('delete.cancel')}
        submitLabel={t('delete.submit')}
        onSubmit={() =>
          remove.mutate(undefined, { onSuccess: close, onError: (error) => reportError(error) })
        }
        pending={remove.isPending}
      >
        <Text>{t('delete.confirm')}</Text>
      </ConfirmDeleteModal>
    </>
  );
}
