import { SimpleGrid, Text } from '@mantine/core';
import type { ItemStockDetailResponse } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../app/use-formatters';
import { AnswersTable } from '../../ui/answers-table';
import { Facts } from '../../ui/facts';
import { formatMoney } from '../../ui/format';
import { Section } from '../../ui/section';

/** The compliance test results: what the control found, its price, who controlled it and when. */
export function ItemComplianceTab({ item }: { item: ItemStockDetailResponse }) {
  const { t } = useTranslation(['stocks', 'catalog']);
  const { dateTime, locale } = useFormatters();
  const control = item.compliance;
  if (!control)
    return (
      <Section title={t('page.compliance.title')}>
        <Text size="sm" c="dimmed" data-testid="compliance-none">
          {t('page.compliance.none')}
        </Text>
      </Section>
    );
  const money = (cents: number | null) =>
    cents === null ? null : formatMoney(cents, item.buyback.currency, locale);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Section title={t('page.compliance.title')}>
        <Facts
          data-testid="compliance-facts"
          rows={[
            [t('page.compliance.at'), dateTime(control.controlledAt)],
            [t('page.compliance.by'), control.controlledBy?.name ?? null],
            [
              t('page.compliance.state'),
              control.controlledState ? t(`catalog:grade.${control.controlledState}`) : null,
            ],
            [t('page.compliance.controlledPrice'), money(control.controlledPriceCents)],
            [t('page.compliance.validatedPrice'), money(control.validatedPriceCents)],
            ...(control.absorbedCents
              ? ([[t('page.compliance.absorbed'), money(control.absorbedCents)]] as [string, string | null][])
              : []),
            [t('page.compliance.comment'), control.warehouseComment],
          ]}
        />
      </Section>
      <Section title={t('page.compliance.answers')}>
        <AnswersTable
          answers={control.answers}
          questionLabel={t('page.question')}
          answerLabel={t('page.answer')}
          emptyMessage={t('page.noAnswers')}
          testId="compliance-answers"
        />
      </Section>
    </SimpleGrid>
  );
}
