import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { PREMIUM_FEATURES, type PremiumFeature } from '@reprise/shared';
import { IconCrown } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The account's premium features, read only: the provider's platform operators enable them. */
export function PremiumFeaturesCard({ enabled }: { enabled: readonly PremiumFeature[] }) {
  const { t } = useTranslation('generalSettings');
  const titleId = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group gap="xs">
          <IconCrown size={18} aria-hidden />
          <Title order={2} size="h4" id={titleId}>
            {t('premium.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('premium.help')}
        </Text>
        <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {PREMIUM_FEATURES.map((feature) => {
            const on = enabled.includes(feature);
            return (
              <li key={feature}>
                <Badge color={on ? 'green' : 'gray'} variant={on ? 'light' : 'outline'}>
                  {t(`premium.feature.${feature}`)} · {on ? t('premium.enabled') : t('premium.disabled')}
                </Badge>
              </li>
            );
          })}
        </Group>
      </Stack>
    </Card>
  );
}
