import { Anchor, Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ItemStockDetailResponse } from '@reprise/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { reportError } from '../../app/errors';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { Facts } from '../../ui/facts';
import { translateViolation } from '../../ui/forms';
import { Section } from '../../ui/section';
import { ItemStatusBadge, stockName } from '../items';
import { useEditItemInStock } from './stocks.queries';

/** The serial number, changed by the warehouse manager (`stock.manage`). */
function SerialNumberField({ item }: { item: ItemStockDetailResponse }) {
  const { t } = useTranslation('stocks');
  const edit = useEditItemInStock(item.id);
  const [value, setValue] = useState(item.serialNumber ?? '');
  const [error, setError] = useState<string | null>(null);
  const changed = value.trim() !== (item.serialNumber ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    edit.mutate(
      { serialNumber: value.trim() || null },
      {
        onSuccess: () => {
          setError(null);
          notifications.show({ color: 'green', message: t('page.general.serialSaved') });
        },
        onError: (failure) => {
          const violation = failure instanceof ApiError ? failure.problem.violations?.[0] : undefined;
          if (violation) setError(translateViolation(violation.code));
          else reportError(failure);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('page.general.serialNumber')}
          value={value}
          maxLength={64}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          style={{ flex: '1 1 220px' }}
          data-testid="serial-number-input"
        />
        <Button type="submit" variant="light" loading={edit.isPending} disabled={!changed}>
          {t('page.save')}
        </Button>
      </Group>
    </form>
  );
}

/** General information: what the item is, where it is, and its serial number. */
export function ItemGeneralTab({ item }: { item: ItemStockDetailResponse }) {
  const { t } = useTranslation('stocks');
  const { t: tb } = useTranslation('buybacks');
  const { can } = useSession();
  const { dateTime } = useFormatters();
  const at = (value: string | null) => (value ? dateTime(value) : null);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Section title={t('page.general.item')}>
        <Facts
          data-testid="item-general"
          rows={[
            [
              t('page.general.identificationNumber'),
              <Text key="n" ff="monospace" size="sm">
                {item.identificationNumber}
              </Text>,
            ],
            [t('page.general.status'), <ItemStatusBadge key="s" status={item.status} />],
            [t('page.general.product'), [item.product.brand, item.product.name].filter(Boolean).join(' · ')],
            [t('page.general.category'), item.category.label],
            [t('page.general.imei'), item.imei],
            ...(can('stock.manage')
              ? []
              : ([[t('page.general.serialNumber'), item.serialNumber]] as [string, string | null][])),
            [
              t('page.general.buyback'),
              can('buyback.detail') ? (
                <Anchor key="b" component={Link} to={`/buyback/${item.buyback.id}`} ff="monospace" size="sm">
                  {item.buyback.identificationNumber}
                </Anchor>
              ) : (
                item.buyback.identificationNumber
              ),
            ],
            [t('page.general.retailer'), item.buyback.retailerName],
          ]}
        />
        {can('stock.manage') && <SerialNumberField key={item.serialNumber ?? ''} item={item} />}
      </Section>
      <Section title={t('page.general.place')}>
        <Facts
          rows={[
            [t('page.general.warehouse'), item.warehouse?.commonName ?? null],
            [
              t('page.general.stock'),
              <span key="st" data-testid="item-stock-name">
                {stockName(tb, item.stock)}
              </span>,
            ],
            [t('page.general.registeredAt'), at(item.registeredAt)],
            [t('page.general.latestMoveAt'), at(item.latestMoveAt)],
            [t('page.general.refurbCompletedAt'), at(item.refurbCompletedAt)],
            [t('page.general.dispatchedAt'), at(item.dispatchedAt)],
          ]}
        />
      </Section>
    </SimpleGrid>
  );
}
