import { Button, Group, SimpleGrid, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ItemStockDetailResponse } from '@reprise/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../app/errors';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { Facts } from '../../ui/facts';
import { formatMoney } from '../../ui/format';
import { translateViolation } from '../../ui/forms';
import { type NumberField, toCents, toUnits } from '../../ui/money';
import { MoneyInput } from '../../ui/money-input';
import { Section } from '../../ui/section';
import { useEditItemInStock } from './stocks.queries';

/** The resale price, set by the warehouse manager (`stock.manage`); emptied, it is removed. */
function ResalePriceField({ item }: { item: ItemStockDetailResponse }) {
  const { t } = useTranslation('stocks');
  const edit = useEditItemInStock(item.id);
  const [value, setValue] = useState<NumberField>(toUnits(item.economics.resalePriceCents));
  const [error, setError] = useState<string | null>(null);
  const cents = toCents(value);
  const changed = cents !== item.economics.resalePriceCents;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    if (cents !== null && (Number.isNaN(cents) || cents < 0)) {
      setError(translateViolation('invalid_value'));
      return;
    }
    edit.mutate(
      { resalePriceCents: cents },
      {
        onSuccess: () => {
          setError(null);
          notifications.show({ color: 'green', message: t('page.economics.saved') });
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
      <Group align="flex-end" gap="sm" wrap="wrap" mt="md">
        <MoneyInput
          label={t('page.economics.resalePrice')}
          description={t('page.economics.resalePriceHelp')}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          error={error}
          style={{ flex: '1 1 220px' }}
          data-testid="resale-price-input"
        />
        <Button
          type="submit"
          variant="light"
          loading={edit.isPending}
          disabled={!changed}
          data-testid="resale-price-save"
        >
          {t('page.save')}
        </Button>
      </Group>
    </form>
  );
}

/**
 * The economic data: the price paid, the planned and completed refurbishment cost, the resale
 * price and the margin it leaves (resale − paid − the completed cost, the planned one until the
 * refurbishment is completed).
 */
export function ItemEconomicsTab({ item }: { item: ItemStockDetailResponse }) {
  const { t } = useTranslation('stocks');
  const { can } = useSession();
  const { locale } = useFormatters();
  const e = item.economics;
  const money = (cents: number | null) => (cents === null ? null : formatMoney(cents, e.currency, locale));
  const completed = item.refurbCompletedAt !== null || item.status === 'item_refurb_completed';
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Section title={t('page.economics.title')}>
        <Facts
          data-testid="economics"
          rows={[
            [t('page.economics.paid'), money(e.paidPriceCents)],
            [t('page.economics.plannedCost'), money(e.plannedRefurbCostCents)],
            [t('page.economics.completedCost'), money(e.completedRefurbCostCents)],
            [t('page.economics.resalePrice'), money(e.resalePriceCents)],
            [
              t('page.economics.margin'),
              e.marginCents === null ? (
                <Text key="m" size="sm" c="dimmed">
                  {t('page.economics.noMargin')}
                </Text>
              ) : (
                <Text
                  key="m"
                  size="sm"
                  fw={700}
                  c={e.marginCents < 0 ? 'red' : 'green.8'}
                  data-testid="margin"
                >
                  {money(e.marginCents)}
                </Text>
              ),
            ],
          ]}
        />
        <Text size="xs" c="dimmed" mt="xs">
          {completed ? t('page.economics.marginCompleted') : t('page.economics.marginPlanned')}
        </Text>
        {can('stock.manage') && <ResalePriceField key={e.resalePriceCents ?? 'none'} item={item} />}
      </Section>
    </SimpleGrid>
  );
}
