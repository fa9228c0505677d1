import { Fieldset, SimpleGrid, Text } from '@mantine/core';
import type { UserResponse } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../app/use-formatters';

function DateField({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text fw={500} component="dd" m={0}>
        {value}
      </Text>
    </div>
  );
}

/** When the user was created, last changed and last signed in. */
export function UserDates({ user }: { user: UserResponse }) {
  const { t } = useTranslation('users');
  const { dateTime } = useFormatters();
  return (
    <Fieldset legend={t('form.dates')}>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} m={0}>
        <DateField label={t('form.createdAt')} value={dateTime(user.createdAt)} />
        <DateField label={t('form.updatedAt')} value={dateTime(user.updatedAt)} />
        <DateField
          label={t('form.lastLoginAt')}
          value={user.lastLoginAt ? dateTime(user.lastLoginAt) : t('list.neverSignedIn')}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
