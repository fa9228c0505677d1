import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import type { PackageResponse } from '@reprise/shared';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconPackage,
  IconPackageExport,
  IconScan,
  IconTrash,
} from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { translateErrorCode } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { ApiError } from '../../lib/api';
import { EmptyState } from '../../ui/empty-state';
import { PageLoader } from '../../ui/page-loader';
import { normaliseWarehouseCode, ScanCodeInput, selectNow } from '../../ui/scan-code-input';
import { Section } from '../../ui/section';
import { SimpleTable } from '../../ui/simple-table';
import { ItemStatusBadge } from '../items';
import { useAddPackageItem, useClosePackage, usePackage, useRemovePackageItem } from './expedition.queries';
import { PackageBadges } from './package-badges';
import { PackageDocumentButtons } from './package-documents';
import { PackageItemCells } from './package-item-cells';

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : 'network_error');

/** The item a closing refused names (the problem's `identificationNumber`), if any. */
const refusedItem = (error: unknown): string | null => {
  const value =
    error instanceof ApiError
      ? (error.problem as { identificationNumber?: unknown }).identificationNumber
      : null;
  return typeof value === 'string' ? value : null;
};

/**
 * `/packing-with-label?packageId=`: a package is filled by scanning,
 * scanner first — the code field has the focus on load and after each scan, Enter (a keyboard-wedge
 * scanner's) packs the code, a refusal is said under the field and the code selected so that the
 * next scan replaces it. The packed items can be given back; closing (after a confirmation) leads
 * to `/expedition/confirmation`. The screen serves both package types, titled by its own.
 */
export function PackingPage() {
  const { t } = useTranslation('expedition');
  const [params] = useSearchParams();
  const packageId = params.get('packageId');
  const pack = usePackage(packageId);
  const title = pack.data
    ? `${t(pack.data.withLabel ? 'type.withLabel' : 'type.withoutLabel')} ${pack.data.number}`
    : t('packing.title');
  usePageHeader({
    title,
    icon: IconPackage,
    breadcrumbs: [{ label: t('title'), to: '/start-expedition' }, { label: title }],
  });

  if (!packageId)
    return (
      <Card withBorder padding="md" radius="md" maw={880}>
        <EmptyState
          title={t('packing.none')}
          icon={IconPackage}
          action={
            <Button component={Link} to="/start-expedition">
              {t('packing.chooseOne')}
            </Button>
          }
        />
      </Card>
    );
  if (pack.isError)
    return (
      <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert" maw={880}>
        {translateErrorCode(codeOf(pack.error))}
      </Alert>
    );
  if (!pack.data) return <PageLoader />;
  return <Packing pack={pack.data} />;
}

function Packing({ pack }: { pack: PackageResponse }) {
  const { t } = useTranslation(['expedition', 'buybacks']);
  const navigate = useNavigate();
  const add = useAddPackageItem(pack.id);
  const remove = useRemovePackageItem(pack.id);
  const close = useClosePackage(pack.id);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState<string | null>(null);
  const [closing, setClosing] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const isOpen = pack.status === 'open';

  // rendered at once, then selected in the same task: the next scan replaces the whole code
  const refuse = (errorCode: string, scanned: string) =>
    selectNow(inputRef, () => {
      setError(errorCode);
      setCode(scanned);
      setLast(null);
    });

  const submit = async (input: string) => {
    const normalised = normaliseWarehouseCode(input);
    if ('error' in normalised) {
      refuse(normalised.error, input.trim());
      return;
    }
    setError(null);
    setCode('');
    inputRef.current?.focus();
    try {
      const packed = await add.mutateAsync(normalised.code);
      const item = packed.items.find(
        (i) =>
          i.identificationNumber === normalised.code ||
          i.buyback.identificationNumber === normalised.code ||
          i.identificationNumber.endsWith(normalised.code),
      );
      setLast(item?.identificationNumber ?? normalised.code);
    } catch (failure) {
      refuse(codeOf(failure), normalised.code);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(code);
  };

  const confirmClose = () =>
    close.mutate(undefined, {
      onSuccess: (closed) => navigate(`/expedition/confirmation?packageId=${closed.id}`),
    });

  return (
    <Stack gap="md" maw={1100}>
      <Card withBorder padding="md" radius="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <PackageBadges pack={pack} />
            <Text size="sm">
              {t('packing.route', {
                origin: pack.origin.commonName,
                destination: pack.destination?.commonName ?? t('packing.destinationPending'),
              })}
            </Text>
          </Stack>
          <Text fw={700} data-testid="package-count" aria-live="polite">
            {t('packing.count', { count: pack.itemCount })}
          </Text>
        </Group>
      </Card>

      {isOpen ? (
        <Card withBorder padding="md" radius="md">
          <form onSubmit={onSubmit} noValidate>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <ScanCodeInput
                inputRef={inputRef}
                label={t('packing.code')}
                description={t('packing.codeHelp')}
                value={code}
                onValueChange={(next) => {
                  setCode(next);
                  if (error) setError(null);
                }}
                // a scan while the focus is outside the field (a click on the list) packs too
                onScan={(scanned) => void submit(scanned)}
                scanEnabled={!closing}
                error={error ? translateErrorCode(error) : undefined}
                // the code only in monospace, not its label
                ff={undefined}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                leftSection={<IconScan size={16} aria-hidden />}
                style={{ flex: '1 1 260px' }}
                data-testid="packing-code"
              />
              <Button
                type="submit"
                mt={{ base: 0, sm: 50 }}
                loading={add.isPending}
                data-testid="packing-add"
              >
                {t('packing.add')}
              </Button>
            </Group>
          </form>
          {last && !error && (
            <Text size="sm" c="green" mt="xs" role="status" data-testid="packing-success">
              <IconCircleCheck size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} />{' '}
              {t('packing.added', { number: last })}
            </Text>
          )}
        </Card>
      ) : (
        <Alert color="blue" icon={<IconPackageExport aria-hidden />} data-testid="packing-closed">
          <Group gap="md">
            <Text size="sm">{t('packing.closed')}</Text>
            <Anchor component={Link} to={`/expedition/confirmation?packageId=${pack.id}`} size="sm">
              {t('packing.seeConfirmation')}
            </Anchor>
          </Group>
        </Alert>
      )}

      <Section title={t('packing.itemsTitle')}>
        {pack.items.length === 0 ? (
          <EmptyState title={t('packing.empty')} icon={IconScan} />
        ) : (
          <SimpleTable
            headers={[
              t('columns.item'),
              t('columns.buyback'),
              t('columns.product'),
              t('columns.imei'),
              t('columns.status'),
              ...(isOpen
                ? [
                    <Text key="actions" span size="sm" fw={700}>
                      {t('columns.actions')}
                    </Text>,
                  ]
                : []),
            ]}
            minWidth={640}
            testId="packing-list"
          >
            {pack.items.map((item) => (
              <Table.Tr key={item.id}>
                <PackageItemCells item={item} />
                <Table.Td>
                  <ItemStatusBadge status={item.status} />
                </Table.Td>
                {isOpen && (
                  <Table.Td>
                    <Tooltip label={t('packing.remove', { number: item.identificationNumber })} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('packing.remove', { number: item.identificationNumber })}
                        loading={remove.isPending && remove.variables === item.id}
                        onClick={() => remove.mutate(item.id, { onSettled: () => inputRef.current?.focus() })}
                        data-testid="packing-remove"
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </SimpleTable>
        )}
      </Section>

      <Group justify="space-between" gap="sm">
        <PackageDocumentButtons pack={pack} />
        {isOpen && (
          <Button
            color="green"
            leftSection={<IconPackageExport size={18} aria-hidden />}
            onClick={() => {
              close.reset();
              setClosing(true);
            }}
            disabled={pack.itemCount === 0}
            data-testid="packing-close"
          >
            {t('packing.close')}
          </Button>
        )}
      </Group>
      {isOpen && pack.itemCount === 0 && (
        <Text size="sm" c="dimmed">
          {t('packing.closeEmptyHint')}
        </Text>
      )}

      <Modal
        opened={closing}
        onClose={() => {
          setClosing(false);
          inputRef.current?.focus();
        }}
        title={t('packing.closeTitle', { number: pack.number })}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {pack.kind === 'store'
              ? t('packing.closeStore', {
                  count: pack.itemCount,
                  destination: pack.destination?.commonName ?? '—',
                })
              : t('packing.closeWarehouse', { count: pack.itemCount })}
          </Text>
          {close.error && (
            <Alert
              color="red"
              icon={<IconAlertTriangle aria-hidden />}
              role="alert"
              data-testid="close-error"
            >
              {translateErrorCode(codeOf(close.error))}
              {refusedItem(close.error) && (
                <Text size="sm" mt={4}>
                  {t('packing.refusedItem', { number: refusedItem(close.error) })}
                </Text>
              )}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setClosing(false)}>
              {t('packing.cancel')}
            </Button>
            <Button
              color="green"
              loading={close.isPending}
              onClick={confirmClose}
              data-testid="packing-close-confirm"
            >
              {t('packing.confirmClose')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
