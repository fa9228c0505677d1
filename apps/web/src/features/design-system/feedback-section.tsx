import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { withAlert } from '../../app/alert-from-query';
import { showError } from '../../app/errors';
import { EmptyState } from '../../ui/empty-state';
import { PageLoader } from '../../ui/page-loader';
import { STATUS_COLORS, StatusBadge } from '../../ui/status-badge';
import { ShowcaseSection } from './showcase-section';

export function BadgesSection() {
  const { t } = useTranslation('designSystem');
  return (
    <ShowcaseSection id="ds-badges" title={t('badges.title')} description={t('badges.description')}>
      <Group gap="xs">
        {Object.keys(STATUS_COLORS).map((status) => (
          <StatusBadge key={status} status={status} />
        ))}
      </Group>
    </ShowcaseSection>
  );
}

export function AlertsSection() {
  const { t } = useTranslation('designSystem');
  const [, setParams] = useSearchParams();
  const showBanner = () => {
    const link = withAlert('/design-system', { type: 'success', message: 'designSystem:alerts.fromQuery' });
    setParams(new URLSearchParams(link.split('?')[1]), { preventScrollReset: true });
    window.scrollTo(0, 0);
  };
  return (
    <ShowcaseSection id="ds-alerts" title={t('alerts.title')} description={t('alerts.description')}>
      <Stack gap="sm">
        <Alert color="green" icon={<IconCircleCheck aria-hidden />}>
          {t('alerts.success')}
        </Alert>
        <Alert color="blue" icon={<IconInfoCircle aria-hidden />}>
          {t('alerts.info')}
        </Alert>
        <Alert color="orange" icon={<IconAlertTriangle aria-hidden />}>
          {t('alerts.warning')}
        </Alert>
        <Alert color="red" icon={<IconCircleX aria-hidden />}>
          {t('alerts.error')}
        </Alert>
        <Group>
          <Button variant="light" onClick={showBanner}>
            {t('alerts.showBanner')}
          </Button>
        </Group>
      </Stack>
    </ShowcaseSection>
  );
}

export function StatesSection() {
  const { t } = useTranslation('designSystem');
  return (
    <ShowcaseSection id="ds-states" title={t('states.title')} description={t('states.description')}>
      <EmptyState
        title={t('states.emptyTitle')}
        description={t('states.emptyDescription')}
        action={<Button variant="light">{t('states.emptyAction')}</Button>}
      />
      <PageLoader />
      <Stack gap="xs" aria-hidden>
        <Skeleton height={12} radius="xl" />
        <Skeleton height={12} radius="xl" width="80%" />
        <Skeleton height={12} radius="xl" width="60%" />
      </Stack>
    </ShowcaseSection>
  );
}

export function ErrorModalSection() {
  const { t } = useTranslation('designSystem');
  return (
    <ShowcaseSection
      id="ds-error-modal"
      title={t('errorModal.title')}
      description={t('errorModal.description')}
    >
      <Group gap="sm">
        <Button variant="light" color="red" onClick={() => showError({ code: 'network_error' })}>
          {t('errorModal.network')}
        </Button>
        <Button
          variant="light"
          color="red"
          onClick={() =>
            showError({
              code: 'internal_error',
              message: t('errorModal.customMessage'),
              hideGenericMessage: true,
            })
          }
        >
          {t('errorModal.withoutGeneric')}
        </Button>
        <Button variant="light" color="red" onClick={() => showError({ code: 'not_found', goHome: true })}>
          {t('errorModal.goHome')}
        </Button>
      </Group>
    </ShowcaseSection>
  );
}
