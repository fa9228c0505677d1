import { Group, Loader, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { StatisticsBar, WeeklyFigures } from '@reprise/shared/schemas/dashboard';
import { averagesOf } from '@reprise/shared/weekly-figures';
import { IconChartBar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/empty-state';
import { formatDate, formatDateTime, formatMoney } from '../../ui/format';
import { BreakdownChart } from './breakdown-chart';
import { useDashboardData } from './dashboard.queries';
import { EcoImpactCard } from './eco-impact-card';
import { FigureCard } from './figure-card';

const SIX_DAYS_MS = 6 * 86_400_000;

/** A week's Monday at noon UTC, so that its day reads the same in every time zone. */
const noon = (week: string) => `${week}T12:00:00Z`;

/** The home dashboard's weekly statistics (docs/dashboard.md): key figures, charts, eco-impact, week picker. */
export function DashboardStatistics() {
  const { t, i18n } = useTranslation(['dashboard', 'buybacks']);
  const [week, setWeek] = useState<string | null>(null);
  const [metric, setMetric] = useState<'count' | 'value'>('count');
  const { data, isPending, isError } = useDashboardData(week);
  const locale = i18n.language;

  const weekLabel = (start: string) =>
    t('dashboard:weekOf', {
      from: formatDate(noon(start), locale),
      to: formatDate(Date.parse(noon(start)) + SIX_DAYS_MS, locale),
    });

  let body: React.ReactNode;
  if (isPending) body = <Loader aria-label={t('dashboard:loading')} />;
  else if (isError) body = <Text c="red">{t('dashboard:loadError')}</Text>;
  else if (!data.week || !data.figures)
    body = (
      <EmptyState
        icon={IconChartBar}
        title={t('dashboard:empty.title')}
        description={t('dashboard:empty.description')}
      />
    );
  else {
    const money = (cents: number) => formatMoney(cents, data.currency, locale);
    // the reader's number format everywhere (fr-FR: "1 234", never "1,234" nor "0.25")
    const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const wholeMoney = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: data.currency,
      maximumFractionDigits: 0,
    });
    body = (
      <Figures
        figures={data.figures}
        previous={data.previous}
        money={money}
        count={(value) => integer.format(value)}
        moneyTick={(units) => wholeMoney.format(units)}
        metric={metric}
        computedAt={formatDateTime(data.computedAt ?? noon(data.week), locale)}
      />
    );
  }

  const weeks = data?.weeks ?? [];
  return (
    <Stack gap="md" component="section" aria-labelledby="dashboard-statistics">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2} size="h4" id="dashboard-statistics">
            {t('dashboard:title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('dashboard:intro')}
          </Text>
        </div>
        {weeks.length > 0 && (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SegmentedControl
              aria-label={t('dashboard:metric.label')}
              value={metric}
              onChange={(value) => setMetric(value as 'count' | 'value')}
              data={[
                { value: 'count', label: t('dashboard:metric.count') },
                { value: 'value', label: t('dashboard:metric.value') },
              ]}
            />
            <Select
              label={t('dashboard:week')}
              data-testid="dashboard-week"
              w={260}
              allowDeselect={false}
              value={data?.week ?? null}
              onChange={(value) => setWeek(value)}
              data={weeks.map((w) => ({ value: w, label: weekLabel(w) }))}
            />
          </Group>
        )}
      </Group>
      {body}
    </Stack>
  );
}

interface FiguresProps {
  figures: WeeklyFigures;
  previous: WeeklyFigures | null;
  money: (cents: number) => string;
  count: (value: number) => string;
  moneyTick: (units: number) => string;
  metric: 'count' | 'value';
  computedAt: string;
}

function Figures({ figures, previous, money, count, moneyTick, metric, computedAt }: FiguresProps) {
  const { t, i18n } = useTranslation(['dashboard', 'buybacks']);
  const hours = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const averages = averagesOf(figures);
  const before = previous ? averagesOf(previous) : null;
  const label = (namespace: string) => (bar: StatisticsBar) =>
    t(`${namespace}.${bar.key}`, { defaultValue: bar.key });
  const chart = (
    testId: string,
    title: string,
    bars: StatisticsBar[],
    labelOf: (bar: StatisticsBar) => string,
  ) => (
    <BreakdownChart
      testId={testId}
      title={title}
      bars={bars}
      labelOf={labelOf}
      metric={metric}
      formatCount={count}
      formatValue={money}
      formatValueTick={moneyTick}
    />
  );
  const controls: StatisticsBar[] = figures.controls.map((c) => ({
    key: c.outcome,
    label: null,
    count: c.count,
    valueCents: 0,
  }));
  return (
    <Stack gap="md">
      <Text size="xs" c="dimmed">
        {t('dashboard:computedAt', { at: computedAt })}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <FigureCard
          testId="kpi-count"
          label={t('dashboard:kpi.count')}
          value={count(figures.buybacks.count)}
          current={figures.buybacks.count}
          previous={previous?.buybacks.count}
        />
        <FigureCard
          testId="kpi-value"
          label={t('dashboard:kpi.value')}
          value={money(figures.buybacks.valueCents)}
          current={figures.buybacks.valueCents}
          previous={previous?.buybacks.valueCents}
        />
        <FigureCard
          testId="kpi-average"
          label={t('dashboard:kpi.averagePrice')}
          value={averages.priceCents === null ? '–' : money(averages.priceCents)}
          current={averages.priceCents}
          previous={before?.priceCents}
        />
        <FigureCard
          testId="kpi-refurbishment"
          label={t('dashboard:kpi.refurbishmentCost')}
          value={averages.refurbishmentCostCents === null ? '–' : money(averages.refurbishmentCostCents)}
          current={averages.refurbishmentCostCents}
          previous={before?.refurbishmentCostCents}
        >
          <Text size="sm" c="dimmed" mt={4}>
            {averages.refurbishmentHours === null
              ? t('dashboard:kpi.noRefurbishment')
              : t('dashboard:kpi.refurbishmentTime', {
                  hours: hours.format(averages.refurbishmentHours),
                  count: figures.refurbishment.count,
                })}
          </Text>
        </FigureCard>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {chart('chart-channel', t('dashboard:chart.channel'), figures.byChannel, label('buybacks:channel'))}
        {chart('chart-status', t('dashboard:chart.status'), figures.byStatus, label('buybacks:status'))}
        {chart('chart-store', t('dashboard:chart.store'), figures.byStore, (bar) =>
          bar.key === 'none' ? t('dashboard:noStore') : (bar.label ?? bar.key),
        )}
        {chart(
          'chart-category',
          t('dashboard:chart.category'),
          figures.byCategory,
          (bar) => bar.label ?? bar.key,
        )}
        {chart(
          'chart-payment',
          t('dashboard:chart.paymentType'),
          figures.byPaymentType,
          label('buybacks:paymentType'),
        )}
        <BreakdownChart
          testId="chart-controls"
          title={t('dashboard:chart.controls')}
          bars={controls}
          labelOf={label('dashboard:outcome')}
          metric="count"
          formatCount={count}
          formatValue={money}
          formatValueTick={moneyTick}
        />
      </SimpleGrid>
      <EcoImpactCard ecoImpact={figures.ecoImpact} />
    </Stack>
  );
}
