import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconBuildingWarehouse, IconCircleCheck, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { EmptyState } from '../../ui/empty-state';

const SEARCH = '/warehouse/item-refurb-steps/search';

/**
 * `/item-refurb-steps/completed?identificationNumber=…&stockName=…`: the
 * item's refurbishment is validated; it names the item and the stock it went to, and leads to the
 * next item's search or to the items in stock.
 */
export function RefurbCompletedPage() {
  const { t } = useTranslation('itemRefurbSteps');
  const { can } = useSession();
  const [params] = useSearchParams();
  const number = params.get('identificationNumber');
  const stock = params.get('stockName');
  usePageHeader({
    title: t('completed.title'),
    icon: IconCircleCheck,
    breadcrumbs: [{ label: t('search.title'), to: SEARCH }, { label: t('completed.title') }],
  });

  const next = (
    <Button
      component={Link}
      to={SEARCH}
      leftSection={<IconSearch size={18} aria-hidden />}
      data-testid="completed-next"
    >
      {t('search.next')}
    </Button>
  );
  if (!number)
    return (
      <Card withBorder padding="md" radius="md" maw={880}>
        <EmptyState title={t('completed.none')} icon={IconSearch} action={next} />
      </Card>
    );
  return (
    <Stack gap="md" maw={880}>
      <Card withBorder padding="md" radius="md" component="section" aria-labelledby="completed-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="completed-title" c="green.8">
            {t('completed.heading')}
          </Title>
          <Text size="sm">{t('completed.text')}</Text>
          <Table variant="vertical" layout="fixed" verticalSpacing={6}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w="40%">{t('completed.number')}</Table.Th>
                <Table.Td>
                  <Text ff="monospace" size="sm" data-testid="completed-number">
                    {number}
                  </Text>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th w="40%">{t('completed.stock')}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }} data-testid="completed-stock">
                  {stock || '—'}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Group gap="sm" justify="flex-end" wrap="wrap">
            {can('items_stock.read') && (
              <Button
                component={Link}
                to="/items-stock"
                variant="light"
                leftSection={<IconBuildingWarehouse size={18} aria-hidden />}
                data-testid="completed-items-stock"
              >
                {t('completed.itemsStock')}
              </Button>
            )}
            {next}
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
