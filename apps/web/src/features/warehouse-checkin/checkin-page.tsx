import { Alert, Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { CheckinItemResponse } from '@reprise/shared';
import { IconAlertTriangle, IconCircleCheck, IconScan, IconShieldX } from '@tabler/icons-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateErrorCode } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { EmptyState } from '../../ui/empty-state';
import { normaliseWarehouseCode, ScanCodeForm, ScanCodeInput } from '../../ui/scan-code-input';
import { Section } from '../../ui/section';
import { SimpleTable } from '../../ui/simple-table';
import { StartControlButton } from '../warehouse-control';
import { useCheckIn, useCheckinSettings, useStolenSuspicionQuarantine } from './checkin.queries';
import { CheckinGate } from './checkin-gate';
import { stockLabel } from './stock-label';

interface Registered {
  item: CheckinItemResponse;
  code: string;
  at: Date;
}

interface Refusal {
  code: string;
  scanned: string;
  /** `item_already_checked_in`: when and where the item was checked in (the problem's extension members). */
  checkedInAt?: string;
  warehouseName?: string;
}

/** The refusal of a scan: the server's code (and what it tells of an earlier check-in), or the network's. */
function refusalOf(error: unknown, scanned: string): Refusal {
  if (!(error instanceof ApiError)) return { code: 'network_error', scanned };
  const extra = error.problem as { checkedInAt?: unknown; warehouseName?: unknown };
  return {
    code: error.code,
    scanned,
    ...(typeof extra.checkedInAt === 'string' ? { checkedInAt: extra.checkedInAt } : {}),
    ...(typeof extra.warehouseName === 'string' ? { warehouseName: extra.warehouseName } : {}),
  };
}

/**
 * `/warehouse/checkin`: an arriving item is registered by its code,
 * scanner first. The code field has the focus on load and after each scan; a keyboard-wedge
 * scanner types the code and Enter, which registers it (a scan made while the focus is elsewhere
 * too). A registered item joins the list of this visit (product, retailer, code, stock, link to
 * its control); a refusal is said in words and the code selected, so the next scan replaces it.
 */
export function CheckinPage() {
  return (
    <CheckinGate>
      <CheckinScreen />
    </CheckinGate>
  );
}

function CheckinScreen() {
  const { t } = useTranslation(['warehouseCheckin', 'errors']);
  usePageHeader({
    title: t('title'),
    icon: IconScan,
    breadcrumbs: [{ label: t('title') }],
  });
  const { dateTime } = useFormatters();
  const settings = useCheckinSettings();
  const checkIn = useCheckIn();
  const [code, setCode] = useState('');
  const [error, setError] = useState<Refusal | null>(null);
  const [registered, setRegistered] = useState<Registered[]>([]);
  const [pending, setPending] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const refuse = (refusal: Refusal) => {
    setError(refusal);
    setCode(refusal.scanned);
  };
  // a refused code is selected once shown: the next scan replaces it
  useEffect(() => {
    if (error) inputRef.current?.select();
  }, [error]);

  const submit = async (input: string) => {
    const normalised = normaliseWarehouseCode(input);
    if ('error' in normalised) {
      refuse({ code: normalised.error, scanned: input.trim() });
      return;
    }
    setError(null);
    setCode('');
    inputRef.current?.focus();
    setPending((n) => n + 1);
    try {
      const item = await checkIn.mutateAsync(normalised.code);
      setRegistered((list) => [{ item, code: normalised.code, at: new Date() }, ...list]);
    } catch (failure) {
      refuse(refusalOf(failure, normalised.code));
    } finally {
      setPending((n) => n - 1);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(code);
  };

  const last = registered[0];
  return (
    <Stack gap="md" maw={1100}>
      <ScanCodeForm
        help={t('help')}
        onSubmit={onSubmit}
        notice={
          settings.data?.requirement === 'mandatory' && (
            <Text size="sm" data-testid="checkin-mandatory">
              {t('mandatory')}
            </Text>
          )
        }
      >
        <ScanCodeInput
          inputRef={inputRef}
          label={t('code')}
          description={t('codeHelp')}
          value={code}
          onValueChange={(next) => {
            setCode(next);
            if (error) setError(null);
          }}
          // a scan while the focus is outside the field (a click on the list) registers too
          onScan={(scanned) => void submit(scanned)}
          error={error ? true : undefined}
          errorId={errorId}
          style={{ flex: '1 1 260px' }}
          data-testid="checkin-code"
        />
        <Button type="submit" leftSection={<IconScan size={18} aria-hidden />} loading={pending > 0}>
          {t('register')}
        </Button>
      </ScanCodeForm>

      {error && (
        <Alert
          color="red"
          icon={<IconAlertTriangle aria-hidden />}
          role="alert"
          id={errorId}
          title={t('refused', { code: error.scanned || '—' })}
          data-testid="checkin-error"
        >
          {error.code === 'item_already_checked_in' && error.checkedInAt
            ? t('alreadyCheckedIn', {
                at: dateTime(error.checkedInAt),
                warehouse: error.warehouseName ?? '—',
              })
            : translateErrorCode(error.code)}
        </Alert>
      )}

      {last && !error && (
        <Alert
          color="green"
          icon={<IconCircleCheck aria-hidden />}
          role="status"
          title={t('registered', { product: last.item.product.name })}
          data-testid="checkin-success"
        >
          <Group gap="md">
            <Text size="sm">{t('registeredIn', { stock: stockLabel(t, last.item.stock) })}</Text>
            <Anchor component={Link} to={`/warehouse/confirmation-checkin/${last.item.id}`} size="sm">
              {t('openConfirmation')}
            </Anchor>
          </Group>
        </Alert>
      )}

      {last?.item.deviceCheck?.quarantineProposed && <QuarantineProposal item={last.item} />}

      <Section
        title={
          <>
            {t('list.title')} ({registered.length})
          </>
        }
      >
        {registered.length === 0 ? (
          <EmptyState title={t('list.empty')} icon={IconScan} />
        ) : (
          <SimpleTable
            headers={[
              t('list.code'),
              t('list.at'),
              t('list.product'),
              t('list.retailer'),
              t('list.stock'),
              <Text key="actions" span size="sm" fw={700}>
                {t('list.actions')}
              </Text>,
            ]}
            minWidth={640}
            testId="checkin-list"
          >
            {registered.map(({ item, code: scanned, at }) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    {item.identificationNumber}
                  </Text>
                  {scanned !== item.identificationNumber && (
                    <Text size="xs" c="dimmed">
                      {t('list.scanned', { code: scanned })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{dateTime(at)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.product.name}</Table.Td>
                <Table.Td>{item.buyback.retailerName}</Table.Td>
                <Table.Td>{stockLabel(t, item.stock)}</Table.Td>
                <Table.Td>
                  <StartControlButton
                    code={item.identificationNumber}
                    size="xs"
                    variant="light"
                    data-testid="checkin-start-control"
                  >
                    {t('control')}
                  </StartControlButton>
                </Table.Td>
              </Table.Tr>
            ))}
          </SimpleTable>
        )}
      </Section>
    </Stack>
  );
}

/**
 * The stolen-device check found the device reported lost or stolen: quarantine with the reason
 * "stolen suspicion" is proposed, one press away (docs/device-check.md).
 */
function QuarantineProposal({ item }: { item: CheckinItemResponse }) {
  const { t } = useTranslation(['warehouseCheckin', 'errors']);
  const quarantine = useStolenSuspicionQuarantine();
  const result = item.deviceCheck?.result === 'lost' ? 'lost' : 'stolen';
  const done = quarantine.data?.id === item.id;
  return (
    <Alert
      color={done ? 'gray' : 'red'}
      icon={<IconShieldX aria-hidden />}
      role="alert"
      title={t(`deviceCheck.title.${result}`)}
      data-testid="checkin-device-check"
    >
      <Stack gap="xs">
        <Text size="sm">{done ? t('deviceCheck.quarantined') : t('deviceCheck.proposal')}</Text>
        {quarantine.error && (
          <Text size="sm" c="red">
            {translateErrorCode(
              quarantine.error instanceof ApiError ? quarantine.error.code : 'network_error',
            )}
          </Text>
        )}
        {!done && (
          <Group>
            <Button
              color="red"
              size="sm"
              loading={quarantine.isPending}
              onClick={() => quarantine.mutate(item.id)}
              data-testid="checkin-quarantine"
            >
              {t('deviceCheck.quarantine')}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
