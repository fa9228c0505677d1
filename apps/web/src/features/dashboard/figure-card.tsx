import { Card, Group, Text } from '@mantine/core';
import { weekOnWeekChange } from '@reprise/shared/weekly-figures';
import { IconArrowDownRight, IconArrowUpRight, IconEqual } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FigureCardProps {
  label: string;
  value: string;
  /** This week's and the week before's raw numbers, for the week-on-week change. */
  current?: number | null;
  previous?: number | null;
  testId: string;
  children?: ReactNode;
}

/** A key figure of the week with its change since the week before. */
export function FigureCard({ label, value, current, previous, testId, children }: FigureCardProps) {
  const { t } = useTranslation('dashboard');
  const change =
    current !== undefined && current !== null && previous !== undefined && previous !== null
      ? weekOnWeekChange(current, previous)
      : null;
  const Icon =
    change === null || change === 0 ? IconEqual : change > 0 ? IconArrowUpRight : IconArrowDownRight;
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={`${testId}-value`}>
        {value}
      </Text>
      <Group gap={4} mt={4} wrap="nowrap">
        {change === null ? (
          <Text size="xs" c="gray.7">
            {t('noComparison')}
          </Text>
        ) : (
          <>
            <Icon
              size={14}
              aria-hidden
              color={`var(--mantine-color-${change > 0 ? 'teal' : change < 0 ? 'red' : 'gray'}-9)`}
            />
            <Text size="xs" c={change > 0 ? 'teal.9' : change < 0 ? 'red.9' : 'gray.7'} fw={600}>
              {t('change', { value: change > 0 ? `+${change}` : String(change) })}
            </Text>
          </>
        )}
      </Group>
      {children}
    </Card>
  );
}
