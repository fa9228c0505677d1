import { Button, Card, Group, Radio, Stack, Text } from '@mantine/core';
import { CATALOG_EXPORT_TYPES, type CatalogExportType } from '@reprise/shared';
import { IconFileExport, IconHome, IconPlayerPlay, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useCurrentUser } from '../../app/session';
import { ExportProgress } from './export-progress';
import {
  useExport,
  useExportAccount,
  useOrganizationAccountId,
  useStartCatalogExport,
} from './exports.queries';

const isCatalogType = (value: string | null): value is CatalogExportType =>
  (CATALOG_EXPORT_TYPES as readonly string[]).includes(value ?? '');

/** The catalogue exported: the account named, the organisation's, or the current module's. */
function useExportedAccount() {
  const { accountId: accountParam, organizationId } = useParams();
  const user = useCurrentUser();
  const organizationAccount = useOrganizationAccountId(organizationId ?? null);
  // the current module's account: a user may hold modules in two accounts (docs/data-access.md)
  const own = user.currentOrganization.account;
  const accountId = accountParam ?? (organizationId ? (organizationAccount.data ?? null) : own.id);
  const account = useExportAccount(accountId, accountId === own.id ? own : undefined);
  return { accountId, accountName: account.data?.name ?? null };
}

/**
 * `/exports`, `/exports/:organizationId`, `/accounts/:accountId/catalog-export`
 * section 2): choose a type, start (enabled once a type is chosen), follow the progress (polled
 * every EXPORT_POLL_SECONDS), download the CSV; restart, start a new export, cancel, or go home.
 * The export under way is in the address (`?type=&export=`): a reload keeps following it.
 */
export function ExportPage() {
  const { t } = useTranslation('exports');
  const { accountId, accountName } = useExportedAccount();
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const type = isCatalogType(typeParam) ? typeParam : null;
  const exportId = params.get('export');
  const exported = useExport(exportId ? type : null, exportId);
  const start = useStartCatalogExport();

  usePageHeader({
    title: t('page.title'),
    icon: IconFileExport,
    breadcrumbs: [{ label: t('breadcrumb') }, { label: t('page.title') }],
  });

  const update = (next: { type?: CatalogExportType | null; export?: string | null }) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        for (const [name, value] of Object.entries(next))
          if (value) copy.set(name, value);
          else copy.delete(name);
        return copy;
      },
      { replace: true },
    );

  const run = (chosen: CatalogExportType) => {
    if (!accountId) return;
    start.mutate(
      { type: chosen, accountId },
      { onSuccess: (started) => update({ type: chosen, export: started.id }) },
    );
  };

  const current = exportId ? exported.data : undefined;
  const running = current?.status === 'in_progress';

  return (
    <Card withBorder padding="lg" maw={760}>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {accountName ? t('page.introFor', { account: accountName }) : t('page.intro')}
        </Text>
        <Radio.Group
          label={t('page.typeLabel')}
          description={t('page.typeHint')}
          value={type}
          onChange={(value) => update({ type: value as CatalogExportType, export: null })}
        >
          <Stack gap="xs" mt="xs">
            {CATALOG_EXPORT_TYPES.map((value) => (
              <Radio.Card key={value} value={value} p="sm" radius="md" disabled={running}>
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator />
                  <div>
                    <Text fw={500}>{t(`types.${value}`)}</Text>
                    <Text size="sm" c="dimmed">
                      {t(`typeHints.${value}`)}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        {!current && (
          <Group>
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              disabled={!type || !accountId}
              loading={start.isPending}
              onClick={() => type && run(type)}
            >
              {t('actions.start')}
            </Button>
            <Button component={Link} to="/home" variant="subtle" leftSection={<IconHome size={16} />}>
              {t('actions.dashboard')}
            </Button>
          </Group>
        )}
        {current && (
          <ExportProgress
            exported={current}
            actions={
              running ? null : (
                <>
                  <Button
                    variant="default"
                    leftSection={<IconRefresh size={16} />}
                    loading={start.isPending}
                    onClick={() => type && run(type)}
                  >
                    {t('actions.restart')}
                  </Button>
                  <Button
                    variant="default"
                    leftSection={<IconPlus size={16} />}
                    onClick={() => update({ type: null, export: null })}
                  >
                    {t('actions.new')}
                  </Button>
                  <Button component={Link} to="/home" variant="subtle" leftSection={<IconHome size={16} />}>
                    {t('actions.dashboard')}
                  </Button>
                </>
              )
            }
          />
        )}
      </Stack>
    </Card>
  );
}
