import { Badge, SimpleGrid, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../app/use-formatters';
import { AnswersTable } from '../../ui/answers-table';
import { Facts } from '../../ui/facts';
import { formatMoney } from '../../ui/format';
import { PageLoader } from '../../ui/page-loader';
import { Section } from '../../ui/section';
import { stockName } from '../items';
import { useItemRefurbDiagnosis } from './stocks.queries';

/** The refurbishment diagnosis of the item (`GET /items/{id}/refurb-diagnosis`), if it has one. */
export function ItemRefurbDiagnosisTab({ itemId }: { itemId: string }) {
  const { t } = useTranslation('stocks');
  const { t: tb } = useTranslation('buybacks');
  const { dateTime, locale } = useFormatters();
  const diagnosis = useItemRefurbDiagnosis(itemId);
  if (diagnosis.isPending) return <PageLoader />;
  const data = diagnosis.data;
  if (!data)
    return (
      <Section title={t('page.refurbDiagnosis.title')}>
        <Text size="sm" c="dimmed" data-testid="refurb-diagnosis-none">
          {diagnosis.isError ? t('page.loadFailed') : t('page.refurbDiagnosis.none')}
        </Text>
      </Section>
    );
  const money = (cents: number) => formatMoney(cents, data.currency, locale);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Section title={t('page.refurbDiagnosis.title')}>
        <Facts
          rows={[
            [
              t('page.refurbDiagnosis.status'),
              <Badge key="s" variant="light" color={data.status === 'finalized' ? 'green' : 'blue'} tt="none">
                {t(`page.refurbDiagnosis.statuses.${data.status}`)}
              </Badge>,
            ],
            [t('page.refurbDiagnosis.startedAt'), dateTime(data.startedAt)],
            [t('page.refurbDiagnosis.startedBy'), data.startedBy?.name ?? null],
            [t('page.refurbDiagnosis.finalizedAt'), data.finalizedAt ? dateTime(data.finalizedAt) : null],
            [t('page.refurbDiagnosis.finalizedBy'), data.finalizedBy?.name ?? null],
            [t('page.refurbDiagnosis.stock'), data.stock ? stockName(tb, data.stock) : null],
            [t('page.refurbDiagnosis.plannedCost'), money(data.plannedCostCents)],
          ]}
        />
      </Section>
      <Section title={t('page.refurbDiagnosis.answers')}>
        <AnswersTable
          // a question's answers are listed one after the other; their place is their key (the
          // snapshot rows have no id of their own)
          answers={data.answers.map((answer, index) => ({
            questionId: String(index),
            questionTitle: answer.questionLabel,
            answerTitles: [answer.answerLabel],
          }))}
          questionLabel={t('page.question')}
          answerLabel={t('page.answer')}
          emptyMessage={t('page.noAnswers')}
        />
        <Text fw={600} size="sm" mt="md" mb={4}>
          {t('page.refurbDiagnosis.planned')}
        </Text>
        {data.planned.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('page.refurbDiagnosis.nothingPlanned')}
          </Text>
        ) : (
          <Table verticalSpacing={4}>
            <Table.Tbody>
              {data.planned.map((step) => (
                <Table.Tr key={step.id}>
                  <Table.Td>
                    {step.name}
                    {step.id === data.firstRefurbStepId && (
                      <Badge ml="xs" size="xs" variant="light" tt="none">
                        {t('page.refurbDiagnosis.first')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{money(step.costCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>
    </SimpleGrid>
  );
}
