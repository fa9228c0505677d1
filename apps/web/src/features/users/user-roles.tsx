import { Stack, Text } from '@mantine/core';
import type { UserResponse } from '@reprise/shared';
import { useTranslation } from 'react-i18next';

/** Each module's role with its parent entity: "Vendeur · Demo Retail Lille Rue Neuve". */
export function UserRoles({ modules }: { modules: UserResponse['modules'] }) {
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
