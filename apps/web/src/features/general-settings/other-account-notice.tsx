import { Alert } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Says whose settings a platform operator is changing (`?accountId=`), so that nobody edits their own by mistake. */
export function OtherAccountNotice({ name }: { name: string }) {
  const { t } = useTranslation('generalSettings');
  return (
    <Alert color="blue" variant="light" role="note" icon={<IconBuildingStore aria-hidden />}>
      {t('otherAccount', { name })}
    </Alert>
  );
}
