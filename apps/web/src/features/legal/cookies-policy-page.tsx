import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { IconCookie } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePageHeader } from '../../app/page-header';

/** What the back office keeps in the browser, as the server and the screens set it (docs/security.md). */
const ENTRIES = [
  { name: 'reprise_session', kind: 'cookie', key: 'session' },
  { name: 'reprise_device', kind: 'cookie', key: 'device' },
  { name: 'reprise.user', kind: 'storage', key: 'user' },
  { name: 'reprise.rootDetail', kind: 'storage', key: 'rootDetail' },
  { name: 'reprise.language', kind: 'storage', key: 'language' },
  { name: 'reprise.cart', kind: 'storage', key: 'cart' },
  { name: 'reprise.products.query.*', kind: 'storage', key: 'productFilters' },
] as const;

/** `/cookies-policy`: the cookies and browser storage of the back office, what each is for and how long it stays. */
export function CookiesPolicyPage() {
  const { t } = useTranslation('legal');
  usePageHeader({
    title: t('cookies.title'),
    icon: IconCookie,
    breadcrumbs: [{ label: t('cookies.title') }],
  });
  return (
    <Card withBorder padding="lg" maw={1100}>
      <Stack gap="md">
        <Text>{t('cookies.intro')}</Text>
        <Text>{t('cookies.noTracking')}</Text>
        <Title order={2} size="h4">
          {t('cookies.listTitle')}
        </Title>
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Caption>{t('cookies.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('cookies.columns.name')}</Table.Th>
                <Table.Th>{t('cookies.columns.kind')}</Table.Th>
                <Table.Th>{t('cookies.columns.purpose')}</Table.Th>
                <Table.Th>{t('cookies.columns.duration')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ENTRIES.map((entry) => (
                <Table.Tr key={entry.name}>
                  <Table.Td>
                    <Text span ff="monospace" size="sm">
                      {entry.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`cookies.kind.${entry.kind}`)}</Table.Td>
                  <Table.Td>{t(`cookies.entry.${entry.key}.purpose`)}</Table.Td>
                  <Table.Td>{t(`cookies.entry.${entry.key}.duration`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" c="dimmed">
          {t('cookies.publicSites')}
        </Text>
      </Stack>
    </Card>
  );
}
