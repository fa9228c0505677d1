import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ImportSuffix, type SftpAccessResponse, UpdateSftpAccessBody } from '@reprise/shared';
import {
  IconAlertTriangle,
  IconCheck,
  IconCircleCheck,
  IconCopy,
  IconKey,
  IconPlugConnectedX,
  IconServer,
} from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { reportError, translateErrorCode } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { useCurrentUser } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { PageLoader } from '../../ui/page-loader';
import { ImportStatusBadge } from '../imports';
import {
  useActivateSftpAccess,
  useDeactivateSftpAccess,
  useOrganizationAccountId,
  useSftpAccess,
  useSftpCatalogues,
  useSftpCategories,
  useUpdateSftpAccess,
} from './sftp.queries';

/**
 * The account whose access is shown: the organisation's in the address, or the current module's
 * (a user may hold modules in two accounts).
 */
function useAccessAccountId(): string | null {
  const { organizationId } = useParams();
  const user = useCurrentUser();
  const organizationAccount = useOrganizationAccountId(organizationId ?? null);
  return organizationId ? (organizationAccount.data ?? null) : user.currentOrganization.account.id;
}

function Field({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** The password of an activation, shown this once, with a copy button. */
function PasswordModal({ password, onClose }: { password: string | null; onClose: () => void }) {
  const { t } = useTranslation('sftp');
  return (
    <Modal opened={password !== null} onClose={onClose} title={t('password.title')} centered>
      <Stack gap="md">
        <Alert color="orange" icon={<IconAlertTriangle aria-hidden />}>
          {t('password.warning')}
        </Alert>
        <Group gap="xs" wrap="nowrap">
          <Code data-testid="sftp-password" style={{ flex: 1, fontSize: 'var(--mantine-font-size-md)' }}>
            {password}
          </Code>
          <CopyButton value={password ?? ''}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('password.copied') : t('password.copy')} withArrow>
                <ActionIcon
                  variant="light"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label={t('password.copy')}
                >
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('password.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The import's settings: catalogue, parent categories of that catalogue, suffix. */
function SettingsCard({ accountId, access }: { accountId: string; access: SftpAccessResponse }) {
  const { t } = useTranslation('sftp');
  const update = useUpdateSftpAccess(accountId);
  const catalogues = useSftpCatalogues(accountId, true);
  const [catalogueId, setCatalogueId] = useState(access.catalogue.id);
  const [parents, setParents] = useState(access.parentCategories);
  const [suffix, setSuffix] = useState(access.suffix);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const categories = useSftpCategories(accountId, catalogueId, debounced);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    setCatalogueId(access.catalogue.id);
    setParents(access.parentCategories);
    setSuffix(access.suffix);
  }, [access]);

  const options = useMemo(() => {
    const byId = new Map(parents.map((c) => [c.id, c.label]));
    for (const c of categories.data?.member ?? []) byId.set(c.id, c.label);
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [parents, categories.data]);

  const submit = () => {
    setSaved(false);
    const body = { catalogueAccountId: catalogueId, parentCategoryIds: parents.map((c) => c.id), suffix };
    const checked = UpdateSftpAccessBody.safeParse(body);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(
          checked.error.issues.map((i) => [String(i.path[0]), translateErrorCode(i.message)]),
        ),
      );
      return;
    }
    setErrors({});
    update.mutate(checked.data, {
      onSuccess: () => setSaved(true),
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 422)
          setErrors(
            Object.fromEntries(
              (failure.problem.violations ?? []).map((v) => [v.propertyPath, translateErrorCode(v.code)]),
            ),
          );
        else reportError(failure);
      },
    });
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('settings.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.description')}
        </Text>
        {saved && (
          <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status">
            {t('settings.saved')}
          </Alert>
        )}
        <Select
          label={t('settings.catalogue')}
          data={(catalogues.data?.member ?? [access.catalogue]).map((c) => ({ value: c.id, label: c.name }))}
          value={catalogueId}
          allowDeselect={false}
          error={errors.catalogueAccountId}
          onChange={(value) => {
            if (!value || value === catalogueId) return;
            setCatalogueId(value);
            setParents([]);
            setSaved(false);
          }}
        />
        <MultiSelect
          label={t('settings.parentCategories')}
          description={t('settings.parentCategoriesHelp')}
          placeholder={t('settings.searchCategories')}
          searchable
          clearable
          data={options}
          value={parents.map((c) => c.id)}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={t('settings.noCategory')}
          error={errors.parentCategoryIds}
          onChange={(ids) => {
            const labels = new Map(options.map((o) => [o.value, o.label]));
            setParents(ids.map((id) => ({ id, label: labels.get(id) ?? id })));
            setSaved(false);
          }}
        />
        <TextInput
          label={t('settings.suffix')}
          description={t('settings.suffixHelp')}
          value={suffix}
          maxLength={30}
          error={errors.suffix}
          onChange={(event) => {
            setSuffix(event.currentTarget.value);
            setSaved(false);
            const valid = ImportSuffix.safeParse(event.currentTarget.value).success;
            setErrors((e) => ({ ...e, suffix: valid ? '' : translateErrorCode('invalid_suffix') }));
          }}
        />
        <Group justify="flex-end">
          <Button onClick={submit} loading={update.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function LastImportCard({ access }: { access: SftpAccessResponse }) {
  const { t } = useTranslation('sftp');
  const { dateTime } = useFormatters();
  const last = access.lastImport;
  return (
    <Card withBorder padding="lg" data-testid="sftp-last-import">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('lastImport.title')}
        </Title>
        {last ? (
          <>
            <Group gap="sm">
              <ImportStatusBadge status={last.status} />
              <Text size="sm" c="dimmed">
                {dateTime(last.createdAt)}
              </Text>
            </Group>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Field label={t('lastImport.found')} value={last.report.lines.found} testId="sftp-found" />
              <Field
                label={t('lastImport.inserted')}
                value={last.report.lines.inserted}
                testId="sftp-inserted"
              />
              <Field label={t('lastImport.updated')} value={last.report.lines.updated} />
              <Field label={t('lastImport.ignored')} value={last.report.lines.ignored} />
            </SimpleGrid>
          </>
        ) : (
          <Text c="dimmed">{t('lastImport.none')}</Text>
        )}
        <Anchor component={Link} to="/imports" size="sm">
          {t('lastImport.all')}
        </Anchor>
      </Stack>
    </Card>
  );
}

/**
 * `/settings/sftp` and `/configuration/:organizationId/sftp`: the
 * account's SFTP login (status, host, port, username, the file to drop), activation and
 * reactivation showing a new password once, deactivation after a confirmation, the import's
 * settings and the last import.
 */
export function SftpPage() {
  const { t } = useTranslation('sftp');
  const { dateTime } = useFormatters();
  const accountId = useAccessAccountId();
  const access = useSftpAccess(accountId);
  const activate = useActivateSftpAccess(accountId);
  const deactivate = useDeactivateSftpAccess(accountId);
  const [password, setPassword] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  usePageHeader({
    title: t('page.title'),
    icon: IconServer,
    breadcrumbs: [{ label: t('breadcrumb') }, { label: t('page.title') }],
  });

  if (access.error) {
    const code = access.error instanceof ApiError ? access.error.code : null;
    if (code === 'premium_feature_required')
      return (
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} title={t('premium.title')}>
          {t('premium.text')}
        </Alert>
      );
    return <Alert color="red">{translateErrorCode(code ?? 'unexpected')}</Alert>;
  }
  if (!access.data || accountId === null) return <PageLoader />;
  const data = access.data;
  const active = data.status === 'active';

  const runActivate = () =>
    activate.mutate(undefined, {
      onSuccess: (answer) => setPassword((answer as { password: string }).password),
      onError: reportError,
    });

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Group gap="sm">
              <Title order={2} size="h4">
                {t('access.title')}
              </Title>
              <Badge color={active ? 'green' : 'gray'} variant="light" data-testid="sftp-status">
                {t(`status.${data.status}`)}
              </Badge>
            </Group>
            <Group gap="sm">
              <Button
                leftSection={<IconKey size={16} aria-hidden />}
                onClick={runActivate}
                loading={activate.isPending}
              >
                {active
                  ? t('access.renew')
                  : data.activatedAt
                    ? t('access.reactivate')
                    : t('access.activate')}
              </Button>
              {active && (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconPlugConnectedX size={16} aria-hidden />}
                  onClick={() => setConfirming(true)}
                >
                  {t('access.deactivate')}
                </Button>
              )}
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <Field label={t('access.host')} value={data.host} testId="sftp-host" />
            <Field label={t('access.port')} value={data.port || t('access.noServer')} testId="sftp-port" />
            <Field
              label={t('access.username')}
              value={data.username ?? t('access.noUsername')}
              testId="sftp-username"
            />
            <Field label={t('access.fileName')} value={<Code>{data.fileName}</Code>} />
            <Field label={t('access.catalogue')} value={data.catalogue.name} />
            <Field
              label={t('access.activatedAt')}
              value={data.activatedAt ? dateTime(data.activatedAt) : t('access.never')}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('access.howTo', { fileName: data.fileName })}
          </Text>
        </Stack>
      </Card>
      <SettingsCard accountId={accountId} access={data} />
      <LastImportCard access={data} />
      <PasswordModal password={password} onClose={() => setPassword(null)} />
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('deactivate.title')} centered>
        <Stack gap="md">
          <Text>{t('deactivate.text')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('deactivate.cancel')}
            </Button>
            <Button
              color="red"
              loading={deactivate.isPending}
              onClick={() =>
                deactivate.mutate(undefined, {
                  onSuccess: () => setConfirming(false),
                  onError: reportError,
                })
              }
            >
              {t('deactivate.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
