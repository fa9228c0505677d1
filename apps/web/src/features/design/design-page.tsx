import { SimpleGrid, Stack } from '@mantine/core';
import { IconPalette } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePageHeader } from '../../app/page-header';
import { useCurrentUser } from '../../app/session';
import { PageLoader } from '../../ui/page-loader';
import { useAccount } from './design.queries';
import { ImageUploadCard } from './image-upload-card';
import { MainColorCard } from './main-color-card';

/** `/design`: the account's logo, favicon and main colour. */
export function DesignPage() {
  const { t } = useTranslation('design');
  const sessionAccount = useCurrentUser().currentOrganization.account;
  const account = useAccount(sessionAccount.id, sessionAccount);
  usePageHeader({
    title: t('title'),
    icon: IconPalette,
    breadcrumbs: [{ label: t('breadcrumb.configuration') }, { label: t('title') }],
  });

  if (!account.data) return <PageLoader />;
  const { id, logo, favicon, mainColor } = account.data;
  return (
    <Stack gap="lg" maw={1100}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ImageUploadCard accountId={id} image="logo" current={logo} />
        <ImageUploadCard accountId={id} image="favicon" current={favicon} />
      </SimpleGrid>
      <MainColorCard accountId={id} saved={mainColor} />
    </Stack>
  );
}
