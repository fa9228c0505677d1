import { Button, Group } from '@mantine/core';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ShowcaseSection } from './showcase-section';

export function ButtonsSection() {
  const { t } = useTranslation('designSystem');
  return (
    <ShowcaseSection id="ds-buttons" title={t('buttons.title')} description={t('buttons.description')}>
      <Group gap="sm">
        <Button leftSection={<IconPlus size={16} aria-hidden />}>{t('buttons.primary')}</Button>
        <Button variant="light">{t('buttons.light')}</Button>
        <Button variant="outline">{t('buttons.outline')}</Button>
        <Button variant="default">{t('buttons.secondary')}</Button>
        <Button variant="subtle">{t('buttons.subtle')}</Button>
        <Button color="red" leftSection={<IconTrash size={16} aria-hidden />}>
          {t('buttons.danger')}
        </Button>
        <Button disabled>{t('buttons.disabled')}</Button>
        <Button loading leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
          {t('buttons.loading')}
        </Button>
      </Group>
    </ShowcaseSection>
  );
}
