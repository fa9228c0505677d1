import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconHome, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isWizardErrorCode } from '../../lib/wizard-errors';
import { WizardFrame } from '../cart';

/**
 * `/estimate-error?code=`: why no estimate (or no buyback) could be given, one message per error,
 * with the way on: another product, or home.
 */
export function EstimateErrorPage() {
  const { t } = useTranslation('buybackWizard');
  const [params] = useSearchParams();
  const requested = params.get('code');
  const code = isWizardErrorCode(requested) ? requested : 'unknown';
  return (
    <WizardFrame title={t('error.pageTitle')}>
      <Card withBorder padding="xl" radius="md">
        <Stack align="center" gap="md" maw={520} mx="auto" ta="center" role="alert">
          <ThemeIcon size={64} radius="xl" variant="light" color="orange" aria-hidden>
            <IconAlertTriangle size={36} stroke={1.5} />
          </ThemeIcon>
          <Title order={2} size="h3">
            {t(`error.${code}.title`)}
          </Title>
          <Text c="dimmed" data-testid="estimate-error-message">
            {t(`error.${code}.message`)}
          </Text>
          <Group justify="center" gap="sm">
            <Button component={Link} to="/buyback/create" leftSection={<IconSearch size={18} aria-hidden />}>
              {t('error.otherProduct')}
            </Button>
            <Button
              component={Link}
              to="/home"
              variant="default"
              leftSection={<IconHome size={18} aria-hidden />}
            >
              {t('error.home')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </WizardFrame>
  );
}
