import { Card, Group, List, Text, ThemeIcon, Title } from '@mantine/core';
import type { WeeklyFigures } from '@reprise/shared/schemas/dashboard';
import { IconLeaf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The eco-impact of the week: devices given a second life and the CO2e they avoid (docs/eco-impact.md). */
export function EcoImpactCard({ ecoImpact }: { ecoImpact: WeeklyFigures['ecoImpact'] }) {
  const { t, i18n } = useTranslation('dashboard');
  const kg = (grams: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(grams / 1000);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="eco-impact" data-testid="eco-impact">
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="md" color="green" variant="light" aria-hidden>
          <IconLeaf size={26} />
        </ThemeIcon>
        <div>
          <Title order={3} size="h5" id="eco-impact">
            {t('eco.title')}
          </Title>
          <Text fw={700} size="lg" data-testid="eco-impact-summary">
            {t('eco.summary', { count: ecoImpact.devices, kg: kg(ecoImpact.co2eGrams) })}
          </Text>
          {ecoImpact.byKind.length > 0 && (
            <List size="sm" mt="xs">
              {ecoImpact.byKind.map((k) => (
                <List.Item key={k.kind}>
                  {t('eco.kindLine', {
                    kind: t(`eco.kind.${k.kind}`),
                    count: k.devices,
                    kg: kg(k.co2eGrams),
                  })}
                </List.Item>
              ))}
            </List>
          )}
          <Text size="xs" c="dimmed" mt="xs">
            {t('eco.note')}
          </Text>
        </div>
      </Group>
    </Card>
  );
}
