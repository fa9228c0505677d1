import { BarChart } from '@mantine/charts';
import { Card, Text, Title } from '@mantine/core';
import type { StatisticsBar } from '@reprise/shared';
import { useTranslation } from 'react-i18next';

interface BreakdownChartProps {
  title: string;
  bars: StatisticsBar[];
  /** The label of a bar's key (a channel, a status…). */
  labelOf: (bar: StatisticsBar) => string;
  metric: 'count' | 'value';
  formatValue: (cents: number) => string;
  testId: string;
}

/** One breakdown of the week's buybacks as horizontal bars, by count or by value. */
export function BreakdownChart({ title, bars, labelOf, metric, formatValue, testId }: BreakdownChartProps) {
  const { t } = useTranslation('dashboard');
  const data = bars.map((bar) => ({
    name: labelOf(bar),
    value: metric === 'count' ? bar.count : bar.valueCents / 100,
  }));
  return (
    <Card withBorder padding="md" data-testid={testId} component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noData')}
        </Text>
      ) : (
        <BarChart
          h={Math.max(120, data.length * 36 + 40)}
          data={data}
          dataKey="name"
          orientation="vertical"
          yAxisProps={{ width: 140 }}
          series={[
            {
              name: 'value',
              label: metric === 'count' ? t('metric.count') : t('metric.value'),
              color: 'blue.6',
            },
          ]}
          valueFormatter={(value) =>
            metric === 'count' ? String(value) : formatValue(Math.round(value * 100))
          }
          withBarValueLabel
        />
      )}
    </Card>
  );
}
