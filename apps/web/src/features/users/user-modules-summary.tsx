import { Stack, Text } from '@mantine/core';
import type { UserResponse } from '@reprise/shared';
import { useTranslation } from 'react-i18next';

/** Each module's user type with its organisation: "Vendeur · Demo Retail Lille Rue Neuve". */
export function UserModulesSummary({ modules }: { modules: UserResponse['modules'] }) {
  const { t } = useTranslation('common');
  return (
    <Stack gap={2}>
      {modules.map((m) => (
        <Text key={m.moduleType} size="sm" lh={1.3}>
          <Text span fw={500} inherit>
            {t(`userType.${m.userType}`)}
          </Text>
          <Text span c="dimmed" inherit>
            {` · ${m.organizationName}`}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}
