import { Alert, Anchor, Badge, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ClientAccountResponse, PREMIUM_FEATURES, type PremiumFeature } from '@reprise/shared';
import { IconExternalLink } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { reportError } from '../../app/errors';
import { handleFormError } from '../../ui/forms';
import { PageLoader } from '../../ui/page-loader';
import { StatusBadge } from '../../ui/status-badge';
import { useRootDetail } from '../settings';
import { SiteForm, useSites } from '../white-label';
import {
  useClientCircuits,
  useClientPaymentModes,
  useUpdateClientAccount,
  useUpdatePremiumFeatures,
} from './account-admin.queries';
import {
  ClientGeneralFields,
  ClientModulesField,
  clientFormValues,
  generalPatch,
  useClientForm,
} from './client-form';

interface TabProps {
  client: ClientAccountResponse;
}

const saved = (message: string) => notifications.show({ color: 'green', message });

/** A tab's form: its fields, and a save button sending only what the tab shows. */
function TabForm({
  children,
  onSubmit,
  saving,
}: {
  children: ReactNode;
  onSubmit: () => void;
  saving: boolean;
}) {
  const { t } = useTranslation('clients');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="md">
        {children}
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {t('tabs.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function GeneralTab({ client }: TabProps) {
  const { t } = useTranslation('clients');
  const form = useClientForm(clientFormValues(client), 'edit');
  const update = useUpdateClientAccount(client);
  return (
    <TabForm
      saving={update.isPending}
      onSubmit={() => {
        if (form.validate().hasErrors) return;
        update.mutate(generalPatch(form.getValues()), {
          onSuccess: (updated) => {
            form.resetDirty(clientFormValues(updated));
            saved(t('alert.updated'));
          },
          onError: (error) => handleFormError(form, error),
        });
      }}
    >
      <ClientGeneralFields form={form} mode="edit" />
    </TabForm>
  );
}

export function ModulesTab({ client }: TabProps) {
  const { t } = useTranslation('clients');
  const form = useClientForm(clientFormValues(client), 'edit');
  const update = useUpdateClientAccount(client);
  return (
    <TabForm
      saving={update.isPending}
      onSubmit={() =>
        update.mutate(
          { modules: form.getValues().modules },
          { onSuccess: () => saved(t('alert.updated')), onError: (error) => handleFormError(form, error) },
        )
      }
    >
      <ClientModulesField form={form} />
    </TabForm>
  );
}

/** A switch of the client sent alone (payment issuer, transport contract holder). */
function ContractSwitch({
  client,
  field,
}: TabProps & { field: 'paymentIssuer' | 'transportContractHolder' }) {
  const { t } = useTranslation('clients');
  const update = useUpdateClientAccount(client);
  return (
    <Checkbox
      label={t(`form.${field}`)}
      description={t(`form.${field}Help`)}
      checked={client[field]}
      disabled={update.isPending}
      onChange={(event) =>
        update.mutate(
          { [field]: event.currentTarget.checked },
          {
            onSuccess: () => saved(t('alert.updated')),
            onError: (error) => reportError(error),
          },
        )
      }
    />
  );
}

export function CircuitsTab({ client }: TabProps) {
  const { t } = useTranslation(['clients', 'circuits']);
  const circuits = useClientCircuits(client.id);
  if (!circuits.data) return <PageLoader />;
  const active = circuits.data.member.filter((c) => c.status === 'active');
  if (active.length === 0) return <Text c="dimmed">{t('clients:circuits.empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped>
        <Table.Caption>{t('clients:circuits.caption', { name: client.name })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('clients:circuits.name')}</Table.Th>
            <Table.Th>{t('clients:circuits.type')}</Table.Th>
            <Table.Th>{t('clients:circuits.paymentModes')}</Table.Th>
            <Table.Th>{t('clients:circuits.categories')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {active.map((circuit) => (
            <Table.Tr key={circuit.id}>
              <Table.Td>
                <Anchor component={Link} to={`/circuit/${circuit.id}/edit`} size="sm">
                  {circuit.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{t(`circuits:type.${circuit.type}`)}</Table.Td>
              <Table.Td>{circuit.paymentModes.map((m) => m.label).join(', ')}</Table.Td>
              <Table.Td>{circuit.numberOfCategories}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function WhiteLabelTab({ client }: TabProps) {
  const { t } = useTranslation('clients');
  const sites = useSites();
  const [editing, setEditing] = useState(false);
  if (client.kind !== 'retailer' || !client.modules.includes('tim'))
    return <Alert color="gray">{t('whiteLabel.notRetailer')}</Alert>;
  if (!sites.data) return <PageLoader />;
  const site = sites.data.member.find((s) => s.accountId === client.id);
  if (!site) return <Alert color="gray">{t('whiteLabel.notRetailer')}</Alert>;
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Badge color={site.active ? 'green' : 'gray'}>
          {site.active ? t('whiteLabel.active') : t('whiteLabel.inactive')}
        </Badge>
        {site.url ? (
          <Anchor href={site.url} target="_blank" rel="noopener noreferrer" size="sm">
            {site.url} <IconExternalLink size={14} aria-label={t('whiteLabel.newTab')} />
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('whiteLabel.noAddress')}
          </Text>
        )}
      </Group>
      {editing ? (
        <SiteForm site={site} onDone={() => setEditing(false)} />
      ) : (
        <Group>
          <Button variant="light" onClick={() => setEditing(true)}>
            {t('whiteLabel.edit')}
          </Button>
          <Button component={Link} to={`/client/${client.rootOrganizationId}/editPages`} variant="default">
            {t('actions.editPages')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export function PaymentModesTab({ client }: TabProps) {
  const { t } = useTranslation(['clients', 'paymentModes']);
  const modes = useClientPaymentModes(client.id);
  return (
    <Stack gap="md">
      <ContractSwitch client={client} field="paymentIssuer" />
      {!modes.data ? (
        <PageLoader />
      ) : modes.data.member.length === 0 ? (
        <Text c="dimmed">{t('clients:paymentModes.empty')}</Text>
      ) : (
        <Table striped>
          <Table.Caption>{t('clients:paymentModes.caption', { name: client.name })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('clients:paymentModes.label')}</Table.Th>
              <Table.Th>{t('clients:paymentModes.type')}</Table.Th>
              <Table.Th>{t('clients:paymentModes.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {modes.data.member.map((mode) => (
              <Table.Tr key={mode.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/payment-mode/${mode.id}/edit`} size="sm">
                    {mode.label}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t(`paymentModes:type.${mode.type}`)}</Table.Td>
                <Table.Td>
                  <StatusBadge status={mode.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export function TransportTab({ client }: TabProps) {
  const { t } = useTranslation(['clients', 'circuits']);
  const circuits = useClientCircuits(client.id);
  // a circuit needs a transport when its deposit is post or drop-off with label
  const carried = circuits.data?.member.filter(
    (c) => c.depositType === 'post' || c.depositType === 'drop_label',
  );
  return (
    <Stack gap="md">
      <ContractSwitch client={client} field="transportContractHolder" />
      {!carried ? (
        <PageLoader />
      ) : carried.length === 0 ? (
        <Text c="dimmed">{t('clients:transport.empty')}</Text>
      ) : (
        <Table striped>
          <Table.Caption>{t('clients:transport.caption', { name: client.name })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('clients:circuits.name')}</Table.Th>
              <Table.Th>{t('clients:transport.deposit')}</Table.Th>
              <Table.Th>{t('clients:transport.provider')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {carried.map((circuit) => (
              <Table.Tr key={circuit.id}>
                <Table.Td>{circuit.name}</Table.Td>
                <Table.Td>{t(`circuits:depositType.${circuit.depositType}`)}</Table.Td>
                <Table.Td>{circuit.transportProvider?.name ?? t('clients:transport.none')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export function PremiumFeaturesTab({ client }: TabProps) {
  const { t } = useTranslation('clients');
  const detail = useRootDetail(client.id);
  if (!detail.data || !client.rootDetailId) return <PageLoader />;
  return (
    <PremiumFeaturesForm
      client={client}
      rootDetailId={client.rootDetailId}
      enabled={detail.data.enabledPremiumFeatures}
      key={detail.data.enabledPremiumFeatures.join()}
      label={t('premium.label')}
    />
  );
}

function PremiumFeaturesForm({
  client,
  rootDetailId,
  enabled,
  label,
}: TabProps & { rootDetailId: string; enabled: PremiumFeature[]; label: string }) {
  const { t } = useTranslation('clients');
  const [features, setFeatures] = useState<string[]>(enabled);
  const update = useUpdatePremiumFeatures(client.id, rootDetailId);
  return (
    <TabForm
      saving={update.isPending}
      onSubmit={() =>
        update.mutate(
          PREMIUM_FEATURES.filter((f) => features.includes(f)),
          {
            onSuccess: () => saved(t('premium.saved')),
            onError: (error) => reportError(error),
          },
        )
      }
    >
      <Checkbox.Group label={label} description={t('premium.help')} value={features} onChange={setFeatures}>
        <Stack gap="xs" mt="xs">
          {PREMIUM_FEATURES.map((feature) => (
            <Checkbox key={feature} value={feature} label={t(`premium.feature.${feature}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
    </TabForm>
  );
}
