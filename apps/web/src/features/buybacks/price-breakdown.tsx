import { Group, Stack, Text } from '@mantine/core';
import type { PriceBreakdownResponse } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../app/use-formatters';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      component="li"
      pt={strong ? 6 : undefined}
      style={strong ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      <Text size="sm" fw={strong ? 700 : undefined} style={{ overflowWrap: 'anywhere' }}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** The price of a buyback step by step: base price of the declared state, impacts, modifiers, bonus, total. */
export function PriceBreakdownList({
  price,
  testId = 'price-breakdown',
}: {
  price: Pick<
    PriceBreakdownResponse,
    | 'declaredState'
    | 'basePriceCents'
    | 'impactPriceEntries'
    | 'estimatedPriceCents'
    | 'paymentModifierCents'
    | 'shippingModifierCents'
    | 'bonusCents'
    | 'totalCents'
  >;
  testId?: string;
}) {
  const { t } = useTranslation(['buybacks', 'catalog']);
  const { money } = useFormatters();
  const signed = (cents: number) => (cents > 0 ? `+${money(cents)}` : money(cents));
  return (
    <Stack
      gap={6}
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('price.title')}
      data-testid={testId}
    >
      <Row
        label={t('price.base', { state: t(`catalog:grade.${price.declaredState}`) })}
        value={money(price.basePriceCents)}
      />
      {price.impactPriceEntries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries are positional (two answers may share a title)
        <Row key={index} label={entry.label} value={signed(entry.valueCents)} />
      ))}
      <Row label={t('price.estimated')} value={money(price.estimatedPriceCents)} />
      {price.shippingModifierCents !== 0 && (
        <Row label={t('price.shippingModifier')} value={signed(price.shippingModifierCents)} />
      )}
      {price.paymentModifierCents !== 0 && (
        <Row label={t('price.paymentModifier')} value={signed(price.paymentModifierCents)} />
      )}
      {price.bonusCents !== 0 && <Row label={t('price.bonus')} value={signed(price.bonusCents)} />}
      <Row label={t('price.total')} value={money(price.totalCents)} strong />
    </Stack>
  );
}
