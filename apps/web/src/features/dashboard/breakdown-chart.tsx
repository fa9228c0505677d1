import { Box, Card, Text, Title, VisuallyHidden } from '@mantine/core';
import type { StatisticsBar } from '@reprise/shared/schemas/dashboard';
import { useTranslation } from 'react-i18next';
import { axisTicks } from './chart-scale';

interface BreakdownChartProps {
  title: string;
  bars: StatisticsBar[];
  /** The label of a bar's key (a channel, a status…). */
  labelOf: (bar: StatisticsBar) => string;
  metric: 'count' | 'value';
  /** A count in the reader's number format. */
  formatCount: (count: number) => string;
  /** An amount in cents in the account's currency, in the reader's number format. */
  formatValue: (cents: number) => string;
  /** An axis tick of amounts (whole currency units) in the account's currency. */
  formatValueTick: (units: number) => string;
  testId: string;
}

const LABEL_WIDTH = 140;
const VALUE_WIDTH = 96;
const GAP = 8;

/**
 * One breakdown of the week's buybacks as horizontal bars, by count or by value, drawn with plain
 * elements (no chart library: the home page stays light, docs/dashboard.md): each bar with its
 * label and its value, under them a value axis whose ticks are whole numbers for counts, every
 * number in the reader's format.
 */
export function BreakdownChart({
  title,
  bars,
  labelOf,
  metric,
  formatCount,
  formatValue,
  formatValueTick,
  testId,
}: BreakdownChartProps) {
  const { t } = useTranslation('dashboard');
  const rows = bars.map((bar) => ({
    key: bar.key,
    name: labelOf(bar),
    value: metric === 'count' ? bar.count : bar.valueCents / 100,
    text: metric === 'count' ? formatCount(bar.count) : formatValue(bar.valueCents),
  }));
  const ticks = axisTicks(Math.max(0, ...rows.map((row) => row.value)), { integer: metric === 'count' });
  const top = ticks.at(-1) ?? 1;
  const percent = (value: number) => `${(Math.max(0, value) / top) * 100}%`;
  const tickText = (value: number) => (metric === 'count' ? formatCount(value) : formatValueTick(value));
  return (
    <Card withBorder padding="md" data-testid={testId} component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noData')}
        </Text>
      ) : (
        <>
          <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid={`${testId}-bars`}>
            {rows.map((row) => (
              <Box
                component="li"
                key={row.key}
                display="flex"
                mb={8}
                style={{ alignItems: 'center', gap: GAP }}
                data-testid="chart-bar"
              >
                <Text size="sm" w={LABEL_WIDTH} truncate="end" title={row.name} style={{ flexShrink: 0 }}>
                  {row.name}
                </Text>
                <Box style={{ flex: 1, minWidth: 0 }} aria-hidden>
                  <Box
                    h={20}
                    w={percent(row.value)}
                    bg="var(--mantine-color-blue-6)"
                    style={{ borderRadius: 4, minWidth: row.value > 0 ? 2 : 0 }}
                  />
                </Box>
                <Text
                  size="sm"
                  fw={600}
                  w={VALUE_WIDTH}
                  style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                  data-testid="chart-value"
                >
                  <VisuallyHidden>{row.name}: </VisuallyHidden>
                  {row.text}
                </Text>
              </Box>
            ))}
          </Box>
          <Box
            aria-hidden
            pos="relative"
            h={20}
            ml={LABEL_WIDTH + GAP}
            mr={VALUE_WIDTH + GAP}
            style={{ borderTop: '1px solid var(--mantine-color-gray-4)' }}
            data-testid={`${testId}-axis`}
          >
            {ticks.map((tick, index) => (
              <Text
                key={tick}
                size="xs"
                c="dimmed"
                pos="absolute"
                top={2}
                data-testid="chart-tick"
                style={{
                  left: percent(tick),
                  transform:
                    index === 0
                      ? undefined
                      : index === ticks.length - 1
                        ? 'translateX(-100%)'
                        : 'translateX(-50%)',
                  whiteSpace: 'nowrap',
                }}
              >
                {tickText(tick)}
              </Text>
            ))}
          </Box>
        </>
      )}
    </Card>
  );
}
