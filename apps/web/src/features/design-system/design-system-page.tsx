import { Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconComponents, IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { ButtonsSection } from './buttons-section';
import { AlertsSection, BadgesSection, ErrorModalSection, StatesSection } from './feedback-section';
import { InputsSection } from './inputs-section';
import { ShowcaseSection } from './showcase-section';
import { TableSection } from './table-section';

/** `/design-system`: every shared component in its states. This page's own header is the header example. */
export function DesignSystemPage() {
  const { t } = useTranslation('designSystem');
  usePageHeader({
    title: t('title'),
    icon: IconComponents,
    breadcrumbs: [{ label: t('breadcrumbHome'), to: '/home' }, { label: t('title') }],
    actions: [
      {
        label: t('header.primaryAction'),
        icon: IconAlertTriangle,
        onClick: () => showError({ code: 'unknown' }),
      },
      { label: t('header.secondaryAction'), icon: IconHome, to: '/home' },
    ],
  });

  return (
    <Stack gap="lg">
      <Text c="dimmed">{t('intro')}</Text>
      <ShowcaseSection id="ds-header" title={t('header.title')} description={t('header.description')}>
        <Text size="sm">{t('header.explanation')}</Text>
      </ShowcaseSection>
      <ButtonsSection />
      <InputsSection />
      <BadgesSection />
      <AlertsSection />
      <StatesSection />
      <ErrorModalSection />
      <TableSection />
    </Stack>
  );
}
