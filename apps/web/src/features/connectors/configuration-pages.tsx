import {
  Alert,
  Badge,
  Button,
  Group,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  CONNECTOR_CONFIGURATION_NAME_MAX,
  CONNECTOR_CONFIGURATION_STATUSES,
  type ConnectorConfigurationPatchRequest,
  ConnectorConfigurationRequest,
  type ConnectorConfigurationResponse,
  type ConnectorConfigurationStatus,
  type ConnectorPropertyDefinition,
  type ConnectorResponse,
  connectorPropertyViolations,
} from '@reprise/shared';
import { IconLock, IconPlugConnected, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { withAlert } from '../../app/alert-from-query';
import { usePageHeader } from '../../app/page-header';
import { ConfirmDeleteModal, useDeletionRefusal } from '../../ui/confirm-delete-modal';
import { showSaveError } from '../../ui/form-feedback';
import { FormShell, type FormViewProps } from '../../ui/form-shell';
import { translateViolation, zodValidator } from '../../ui/forms';
import { PageLoader } from '../../ui/page-loader';
import { connectorName, propertyLabel } from './connector-labels';
import {
  useConfiguration,
  useConnector,
  useCreateConfiguration,
  useDeleteConfiguration,
  useUpdateConfiguration,
} from './connectors.queries';
import { configurationsPath } from './connectors-pages';
import { WebhookDeliveries } from './webhook-deliveries';

/**
 * A connector configuration's form, generated from its connector's property definitions: the
 * name, the status and one field per property (a secret one a password field). On edit a stored
 * secret is never shown: the field says it is set and offers to replace it; not replaced, it is
 * not sent and the server keeps it. Values are checked as the server checks them
 * (`connectorPropertyViolations` of the shared schema); the server's violations land on their fields.
 */

interface ConfigurationValues {
  name: string;
  status: ConnectorConfigurationStatus;
  properties: Record<string, string>;
}
type ConfigurationForm = UseFormReturnType<ConfigurationValues>;

const validateName = zodValidator<unknown>(ConnectorConfigurationRequest.pick({ name: true }));

/** The properties to send on create: every value typed (an untouched optional field is left out). */
function createdProperties(definitions: readonly ConnectorPropertyDefinition[], values: ConfigurationValues) {
  const properties: Record<string, string> = {};
  for (const d of definitions) {
    const value = values.properties[d.name] ?? '';
    if ((d.secret ? value : value.trim()) !== '') properties[d.name] = value;
  }
  return properties;
}

/** The merge-patch of an edit: what changed; a secret only when the user replaces it. */
function patchOf(
  configuration: ConnectorConfigurationResponse,
  definitions: readonly ConnectorPropertyDefinition[],
  values: ConfigurationValues,
  replacing: ReadonlySet<string>,
): ConnectorConfigurationPatchRequest {
  const properties: Record<string, string | null> = {};
  for (const d of definitions) {
    const value = values.properties[d.name] ?? '';
    if (d.secret) {
      if (replacing.has(d.name)) properties[d.name] = value;
    } else if (value !== (configuration.properties[d.name] ?? '')) {
      properties[d.name] = value.trim() === '' ? null : value;
    }
  }
  return {
    ...(values.name.trim() !== configuration.name ? { name: values.name.trim() } : {}),
    ...(values.status !== configuration.status ? { status: values.status } : {}),
    ...(Object.keys(properties).length ? { properties } : {}),
  };
}

function propertyErrors(
  definitions: readonly ConnectorPropertyDefinition[],
  properties: Record<string, string | null>,
  stored: string[] | null,
): FormErrors {
  const errors: FormErrors = {};
  for (const v of connectorPropertyViolations(definitions, properties, stored).violations)
    errors[v.propertyPath] ??= translateViolation(v.code);
  return errors;
}

function SecretField({
  definition,
  form,
  set,
  replacing,
  onReplace,
  onKeep,
}: {
  definition: ConnectorPropertyDefinition;
  form: ConfigurationForm;
  set: boolean;
  replacing: boolean;
  onReplace: () => void;
  onKeep: () => void;
}) {
  const { t } = useTranslation('connectors');
  const label = propertyLabel(t, definition);
  const path = `properties.${definition.name}`;
  if (set && !replacing)
    return (
      <Stack gap={4} data-testid={`secret-${definition.name}`}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Group gap="sm">
          <Badge color="green" variant="light" leftSection={<IconLock size={12} aria-hidden />}>
            {t('form.secretSet')}
          </Badge>
          <Button
            variant="default"
            size="xs"
            onClick={onReplace}
            aria-label={`${t('form.replace')} · ${label}`}
          >
            {t('form.replace')}
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Stack gap={4}>
      <PasswordInput
        label={label}
        required={definition.required}
        description={t('form.secretHelp')}
        autoComplete="new-password"
        {...form.getInputProps(path)}
        data-testid={`property-${definition.name}`}
      />
      {set && (
        <Button variant="subtle" size="xs" onClick={onKeep} w="fit-content">
          {t('form.keep')}
        </Button>
      )}
    </Stack>
  );
}

function ConfigurationFormView({
  form,
  connector,
  configuration,
  replacing,
  setReplacing,
  cancelTo,
  extraActions,
  ...view
}: FormViewProps<ConfigurationValues> & {
  form: ConfigurationForm;
  connector: ConnectorResponse;
  configuration?: ConnectorConfigurationResponse;
  replacing: ReadonlySet<string>;
  setReplacing: (next: Set<string>) => void;
  cancelTo: string;
  extraActions?: React.ReactNode;
}) {
  const { t } = useTranslation('connectors');
  const labels: Record<string, string> = { name: t('form.name'), status: t('form.status') };
  for (const d of connector.properties) labels[`properties.${d.name}`] = propertyLabel(t, d);
  const stored = new Set(configuration?.secrets.filter((s) => s.set).map((s) => s.name) ?? []);
  return (
    <FormShell
      form={form}
      labels={labels}
      ns="connectors"
      cancelTo={cancelTo}
      extraActions={extraActions}
      maxWidth={720}
      {...view}
    >
      <Stack gap="md">
        <TextInput label={t('form.connector')} value={connectorName(t, connector)} readOnly />
        <TextInput
          label={labels.name}
          description={t('form.nameHelp')}
          required
          maxLength={CONNECTOR_CONFIGURATION_NAME_MAX}
          autoFocus={!configuration}
          {...form.getInputProps('name')}
          data-testid="configuration-name-input"
        />
        <Select
          label={labels.status}
          required
          allowDeselect={false}
          data={CONNECTOR_CONFIGURATION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          {...form.getInputProps('status')}
          data-testid="configuration-status"
        />
        <Title order={2} size="h5" mt="sm">
          {t('form.properties')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('form.propertiesHelp')}
        </Text>
        {connector.properties.map((d) =>
          d.secret ? (
            <SecretField
              key={d.name}
              definition={d}
              form={form}
              set={stored.has(d.name)}
              replacing={replacing.has(d.name)}
              onReplace={() => setReplacing(new Set([...replacing, d.name]))}
              onKeep={() => {
                const next = new Set(replacing);
                next.delete(d.name);
                setReplacing(next);
                form.setFieldValue(`properties.${d.name}`, '');
              }}
            />
          ) : d.kind === 'boolean' ? (
            <Select
              key={d.name}
              label={propertyLabel(t, d)}
              description={t('kind.boolean')}
              required={d.required}
              allowDeselect={false}
              data={[
                { value: 'true', label: t('boolean.true') },
                { value: 'false', label: t('boolean.false') },
              ]}
              {...form.getInputProps(`properties.${d.name}`)}
              data-testid={`property-${d.name}`}
            />
          ) : (
            <TextInput
              key={d.name}
              label={propertyLabel(t, d)}
              description={t(`kind.${d.kind}`)}
              required={d.required}
              inputMode={d.kind === 'integer' || d.kind === 'amount' ? 'numeric' : undefined}
              type={d.kind === 'url' ? 'url' : d.kind === 'email' ? 'email' : 'text'}
              {...form.getInputProps(`properties.${d.name}`)}
              data-testid={`property-${d.name}`}
            />
          ),
        )}
      </Stack>
    </FormShell>
  );
}

function useHeader(title: string, organizationId: string | null, connector: ConnectorResponse | undefined) {
  const { t } = useTranslation('connectors');
  usePageHeader({
    title,
    icon: IconPlugConnected,
    breadcrumbs: [
      { label: t('breadcrumb.configuration') },
      ...(organizationId
        ? [{ label: t('catalogue.title'), to: `/connectors/${organizationId}/connectors` }]
        : []),
      ...(organizationId && connector
        ? [{ label: connectorName(t, connector), to: configurationsPath(organizationId, connector.id) }]
        : []),
      { label: title },
    ],
  });
}

function CreateForm({ connector, organizationId }: { connector: ConnectorResponse; organizationId: string }) {
  const { t } = useTranslation('connectors');
  const navigate = useNavigate();
  const create = useCreateConfiguration();
  const back = configurationsPath(organizationId, connector.id);
  const form = useForm<ConfigurationValues>({
    mode: 'controlled',
    initialValues: {
      name: '',
      status: 'active',
      properties: Object.fromEntries(connector.properties.map((d) => [d.name, ''])),
    },
    validate: (values) => ({
      ...validateName({ name: values.name }),
      ...propertyErrors(connector.properties, createdProperties(connector.properties, values), null),
    }),
  });
  return (
    <ConfigurationFormView
      form={form}
      connector={connector}
      replacing={new Set(connector.properties.filter((d) => d.secret).map((d) => d.name))}
      setReplacing={() => {}}
      submitting={create.isPending}
      submitLabel={t('create.submit')}
      cancelTo={back}
      onSubmit={(values) =>
        create.mutate(
          {
            organizationId,
            connectorId: connector.id,
            name: values.name.trim(),
            status: values.status,
            properties: createdProperties(connector.properties, values),
          },
          {
            onSuccess: () =>
              navigate(withAlert(back, { type: 'success', message: 'connectors:alert.created' })),
            onError: (error) => showSaveError(form, error),
          },
        )
      }
    />
  );
}

/** `/connectors/createConfiguration?organizationId=&connectorId=`: a new configuration of a connector. */
export function ConfigurationCreatePage() {
  const { t } = useTranslation('connectors');
  const [params] = useSearchParams();
  const organizationId = params.get('organizationId') ?? '';
  const connector = useConnector(params.get('connectorId') ?? '');
  useHeader(t('create.title'), organizationId || null, connector.data);
  if (!organizationId || !params.get('connectorId') || connector.isError)
    return (
      <Alert color="yellow" role="note">
        {t('create.missing')}
      </Alert>
    );
  if (!connector.data) return <PageLoader />;
  return <CreateForm connector={connector.data} organizationId={organizationId} />;
}

function DeleteModal({
  configuration,
  opened,
  onClose,
  onDeleted,
}: {
  configuration: ConnectorConfigurationResponse;
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('connectors');
  const remove = useDeleteConfiguration();
  const { refusal, close, onError } = useDeletionRefusal(remove, onClose, (error) => error.status === 409);
  const submit = () =>
    remove.mutate(configuration.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('delete.done', { name: configuration.name }) });
        onDeleted();
      },
      onError,
    });
  return (
    <ConfirmDeleteModal
      opened={opened}
      onClose={close}
      title={t('delete.title')}
      cancelLabel={t('delete.cancel')}
      submitLabel={t('delete.submit')}
      onSubmit={submit}
      pending={remove.isPending}
      refusal={refusal}
      refusalTestId="configuration-delete-error"
      submitTestId="configuration-delete-submit"
    >
      <Text>{t('delete.confirm', { name: configuration.name })}</Text>
    </ConfirmDeleteModal>
  );
}

function EditForm({
  configuration,
  connector,
}: {
  configuration: ConnectorConfigurationResponse;
  connector: ConnectorResponse;
}) {
  const { t } = useTranslation('connectors');
  const navigate = useNavigate();
  const update = useUpdateConfiguration(configuration.id);
  const back = configurationsPath(configuration.organization.id, connector.id);
  const [deleting, setDeleting] = useState(false);
  // a secret never stored is typed like on create
  const [replacing, setReplacing] = useState<Set<string>>(
    () => new Set(configuration.secrets.filter((s) => !s.set).map((s) => s.name)),
  );
  const stored = [
    ...Object.keys(configuration.properties),
    ...configuration.secrets.filter((s) => s.set).map((s) => s.name),
  ];
  const form = useForm<ConfigurationValues>({
    mode: 'controlled',
    initialValues: {
      name: configuration.name,
      status: configuration.status,
      properties: Object.fromEntries(
        connector.properties.map((d) => [d.name, d.secret ? '' : (configuration.properties[d.name] ?? '')]),
      ),
    },
    validate: (values) => ({
      ...validateName({ name: values.name }),
      ...propertyErrors(
        connector.properties,
        patchOf(configuration, connector.properties, values, replacing).properties ?? {},
        stored,
      ),
    }),
  });
  const done = () => navigate(withAlert(back, { type: 'success', message: 'connectors:alert.updated' }));
  return (
    <Stack gap="xl">
      <ConfigurationFormView
        form={form}
        connector={connector}
        configuration={configuration}
        replacing={replacing}
        setReplacing={setReplacing}
        submitting={update.isPending}
        submitLabel={t('edit.submit')}
        cancelTo={back}
        extraActions={
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setDeleting(true)}
            data-testid="configuration-delete"
          >
            {t('edit.delete')}
          </Button>
        }
        onSubmit={(values) => {
          const patch = patchOf(configuration, connector.properties, values, replacing);
          if (Object.keys(patch).length === 0) return done();
          update.mutate(patch, { onSuccess: done, onError: (error) => showSaveError(form, error) });
        }}
      />
      {connector.type === 'buyer' && <WebhookDeliveries configurationId={configuration.id} />}
      <DeleteModal
        configuration={configuration}
        opened={deleting}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(back)}
      />
    </Stack>
  );
}

/** `/connectors/:configurationId`: a configuration edited, or deleted. */
export function ConfigurationEditPage() {
  const { t } = useTranslation('connectors');
  const { configurationId = '' } = useParams();
  const configuration = useConfiguration(configurationId);
  const connector = useConnector(configuration.data?.connector.id ?? '');
  const title = configuration.data ? `${t('edit.title')} · ${configuration.data.name}` : t('edit.title');
  useHeader(title, configuration.data?.organization.id ?? null, connector.data);
  if (!configuration.data || !connector.data) return <PageLoader />;
  return (
    <EditForm
      key={`${configuration.data.id}:${configuration.data.updatedAt}`}
      configuration={configuration.data}
      connector={connector.data}
    />
  );
}
