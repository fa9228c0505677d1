import { Box, Center, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { LOCALES } from '@reprise/shared/enums';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { chooseLanguage, currentLocale, isLocale } from '../../i18n';
import { useBranding } from '../theme';

/** The browser's own select: the sign-in page loads no combobox (back-office weight, bench/RESULTS.md). */
function LanguageSelect() {
  const { t } = useTranslation('common');
  return (
    <NativeSelect
      aria-label={t('language.label')}
      leftSection={<IconLanguage size={16} aria-hidden />}
      data={LOCALES.map((code) => ({ value: code, label: t(`language.${code}`) }))}
      value={currentLocale()}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLocale(value)) chooseLanguage(value);
      }}
      size="xs"
      w={160}
    />
  );
}

/** Sign-in and password screens: one centred card, with the language choice. */
export function AuthLayout() {
  const { t } = useTranslation('common');
  const { logo } = useBranding();
  return (
    <Center component="main" mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={440} gap="md">
        <Box ta="center">
          {logo ? (
            <img src={logo} alt={t('appName')} style={{ maxHeight: 48, maxWidth: 200 }} />
          ) : (
            <Text fw={800} fz={32} c="var(--mantine-color-brand-text)">
              {t('appName')}
            </Text>
          )}
        </Box>
        <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md">
          <Outlet />
        </Paper>
        <Group justify="center">
          <LanguageSelect />
        </Group>
      </Stack>
    </Center>
  );
}
