import { SimpleGrid } from '@mantine/core';
import type { ItemStockDetailResponse } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../app/use-formatters';
import { AnswersTable } from '../../ui/answers-table';
import { Facts } from '../../ui/facts';
import { formatMoney } from '../../ui/format';
import { Section } from '../../ui/section';

/** The diagnostic results: what the customer declared when the buyback was made. */
export function ItemDiagnosisTab({ item }: { item: ItemStockDetailResponse }) {
  const { t } = useTranslation(['stocks', 'catalog']);
  const { locale } = useFormatters();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Section title={t('page.diagnosis.title')}>
        <Facts
          rows={[
            [t('page.diagnosis.declaredState'), t(`catalog:grade.${item.diagnosis.declaredState}`)],
            [
              t('page.diagnosis.declaredPrice'),
              formatMoney(item.diagnosis.declaredPriceCents, item.buyback.currency, locale),
            ],
          ]}
        />
      </Section>
      <Section title={t('page.diagnosis.answers')}>
        <AnswersTable
          answers={item.diagnosis.answers}
          questionLabel={t('page.question')}
          answerLabel={t('page.answer')}
          emptyMessage={t('page.noAnswers')}
          testId="diagnosis-answers"
        />
      </Section>
    </SimpleGrid>
  );
}
