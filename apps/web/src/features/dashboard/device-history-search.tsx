import {
  Anchor,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ControlOutcomeKey } from '@reprise/shared/schemas/dashboard';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api';
import { formatDate, formatMoney } from '../../ui/format';
import { type DeviceSearch, useDeviceHistory } from './dashboard.queries';

type Kind = 'imei' | 'serial';

/**
 * The device history (docs/dashboard.md): every buyback of a device the user may see, found by
 * its IMEI or serial number, newest first, each linked to its buyback.
 */
export function DeviceHistorySearch() {
  const { t, i18n } = useTranslation(['dashboard', 'buybacks', 'errors']);
  const [kind, setKind] = useState<Kind>('imei');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState<DeviceSearch | null>(null);
  const history = useDeviceHistory(search);
  const locale = i18n.language;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const query = kind === 'imei' ? { imei: typed } : { serial: typed };
    // the schema (and zod) load with the first search, not with the home page
    const { DeviceHistoryQuery } = await import('@reprise/shared/schemas/dashboard');
    const parsed = DeviceHistoryQuery.safeParse(query);
    if (!parsed.success) {
      setError(t(`errors:${parsed.error.issues[0]?.message ?? 'validation_failed'}`));
      return;
    }
    setError(null);
    setSearch(
      kind === 'imei' ? { imei: parsed.data.imei as string } : { serial: parsed.data.serial as string },
    );
  };

  const serverError =
    history.error instanceof ApiError
      ? t(`errors:${history.error.problem.violations?.[0]?.code ?? history.error.code}`, {
          defaultValue: history.error.message,
        })
      : history.error
        ? t('dashboard:loadError')
        : null;
  const outcome = (value: ControlOutcomeKey | null) => (value ? t(`dashboard:outcome.${value}`) : '–');

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="device-history">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="device-history">
            {t('dashboard:device.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('dashboard:device.intro')}
          </Text>
        </div>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Group align="flex-end" wrap="wrap">
            <SegmentedControl
              aria-label={t('dashboard:device.kind')}
              value={kind}
              onChange={(value) => {
                setKind(value as Kind);
                setError(null);
              }}
              data={[
                { value: 'imei', label: t('dashboard:device.imei') },
                { value: 'serial', label: t('dashboard:device.serial') },
              ]}
            />
            <TextInput
              label={kind === 'imei' ? t('dashboard:device.imei') : t('dashboard:device.serial')}
              placeholder={
                kind === 'imei'
                  ? t('dashboard:device.imeiPlaceholder')
                  : t('dashboard:device.serialPlaceholder')
              }
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              error={error ?? serverError}
              miw={240}
              style={{ flex: 1 }}
              data-testid="device-search-input"
            />
            <Button
              type="submit"
              leftSection={<IconSearch size={16} aria-hidden />}
              loading={history.isFetching}
            >
              {t('dashboard:device.search')}
            </Button>
          </Group>
        </form>
        {history.data &&
          (history.data.member.length === 0 ? (
            <Text size="sm" c="dimmed" role="status">
              {t('dashboard:device.none')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table striped data-testid="device-history">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('dashboard:device.date')}</Table.Th>
                    <Table.Th>{t('dashboard:device.buyback')}</Table.Th>
                    <Table.Th>{t('dashboard:device.store')}</Table.Th>
                    <Table.Th>{t('dashboard:device.product')}</Table.Th>
                    <Table.Th>{t('dashboard:device.status')}</Table.Th>
                    <Table.Th>{t('dashboard:device.price')}</Table.Th>
                    <Table.Th>{t('dashboard:device.control')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {history.data.member.map((entry) => (
                    <Table.Tr key={entry.buybackId}>
                      <Table.Td>{formatDate(entry.createdAt, locale)}</Table.Td>
                      <Table.Td>
                        <Anchor component={Link} to={`/buyback/${entry.buybackId}`}>
                          {entry.identificationNumber}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{entry.storeName ?? t('dashboard:noStore')}</Table.Td>
                      <Table.Td>{entry.productName}</Table.Td>
                      <Table.Td>{t(`buybacks:status.${entry.status}`)}</Table.Td>
                      <Table.Td>{formatMoney(entry.priceCents, entry.currency, locale)}</Table.Td>
                      <Table.Td>{outcome(entry.controlOutcome)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ))}
      </Stack>
    </Card>
  );
}
