import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { useConfigAccount } from './use-config-account';

/** A platform operator's choice of the buyer account to configure (nothing for everyone else). */
export function ConfigAccountSelect({ config }: { config: ReturnType<typeof useConfigAccount> }) {
  const { t } = useTranslation('refurbConfig');
  if (!config.isPlatform) return null;
  return (
    <Select
      label={t('account.label')}
      placeholder={t('account.placeholder')}
      w={{ base: '100%', sm: 360 }}
      searchable
      data={config.accounts.map((a) => ({ value: a.id, label: a.name }))}
      value={config.account}
      onChange={config.setAccount}
    />
  );
}
