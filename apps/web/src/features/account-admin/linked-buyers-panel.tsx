import { Alert, Anchor, Button, Group, List, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type ClientAccountResponse, LinkedBuyerInUseProblem } from '@reprise/shared';
import { IconAlertTriangle, IconLink, IconUnlink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session';
import { ApiError } from '../../lib/api';
import { PageLoader } from '../../ui/page-loader';
import { useClientAccounts, useLinkedBuyers, usePutLinkedBuyers } from './account-admin.queries';

/** Why a change was refused: the categories still naming a buyer, or the server's detail. */
function Refusal({ error }: { error: Error }) {
  const { t } = useTranslation('clients');
  const inUse =
    error instanceof ApiError
      ? LinkedBuyerInUseProblem.safeParse(error.problem).data?.categoriesInUse
      : undefined;
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle aria-hidden />}
      role="alert"
      title={t('linkedBuyers.refused')}
    >
      {inUse?.length ? (
        <>
          <Text size="sm">{t('linkedBuyers.inUse', { count: inUse.length })}</Text>
          <List size="sm" mt="xs">
            {inUse.map((category) => (
              <List.Item key={category.id}>
                <Anchor component={Link} to={`/category/${category.id}/edit`} size="sm">
                  {category.label}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </>
      ) : (
        <Text size="sm">{error.message || t('linkedBuyers.failed')}</Text>
      )}
    </Alert>
  );
}

/** A buyer account to link, searched among the clients of kind buyer not yet linked. */
function BuyerToLink({
  linked,
  onLink,
  pending,
}: {
  linked: string[];
  onLink: (id: string) => void;
  pending: boolean;
}) {
  const { t } = useTranslation('clients');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<string | null>(null);
  const buyers = useClientAccounts({
    kind: 'buyer',
    search: term || undefined,
    itemsPerPage: 30,
    'order[name]': 'asc',
  });
  const options = (buyers.data?.member ?? [])
    .filter((b) => !linked.includes(b.id))
    .map((b) => ({ value: b.id, label: b.name }));
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label={t('linkedBuyers.add')}
        placeholder={t('linkedBuyers.addPlaceholder')}
        data={options}
        value={chosen}
        onChange={setChosen}
        searchable
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        nothingFoundMessage={t('linkedBuyers.noBuyer')}
        w={320}
      />
      <Button
        leftSection={<IconLink size={16} aria-hidden />}
        disabled={!chosen}
        loading={pending}
        onClick={() => {
          if (!chosen) return;
          onLink(chosen);
          setChosen(null);
        }}
      >
        {t('linkedBuyers.link')}
      </Button>
    </Group>
  );
}

/**
 * The linked buyers of a retailer (`/account/{accountId}/linked-buyers`): the buyers its categories
 * may name. Platform operators add and remove them; a buyer a category still names stays linked,
 * and the refusal lists those categories.
 */
export function LinkedBuyersPanel({ client }: { client: ClientAccountResponse }) {
  const { t } = useTranslation('clients');
  const { can } = useSession();
  const linked = useLinkedBuyers(client.id);
  const put = usePutLinkedBuyers(client.id);
  if (client.kind !== 'retailer') return <Alert color="gray">{t('linkedBuyers.notRetailer')}</Alert>;
  if (!linked.data) return <PageLoader />;
  const buyers = linked.data.buyers;
  const ids = buyers.map((b) => b.accountId);
  const editable = can('client.create');
  const save = (buyerAccountIds: string[], message: string) =>
    put.mutate({ buyerAccountIds }, { onSuccess: () => notifications.show({ color: 'green', message }) });
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('linkedBuyers.help')}
      </Text>
      {put.error && <Refusal error={put.error} />}
      {buyers.length === 0 ? (
        <Text c="dimmed">{t('linkedBuyers.empty')}</Text>
      ) : (
        <Table striped>
          <Table.Caption>{t('linkedBuyers.caption', { name: client.name })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('linkedBuyers.buyer')}</Table.Th>
              <Table.Th>{t('linkedBuyers.warehouses')}</Table.Th>
              {editable && <Table.Th>{t('columns.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {buyers.map((buyer) => (
              <Table.Tr key={buyer.accountId}>
                <Table.Td>{buyer.name}</Table.Td>
                <Table.Td>{buyer.warehouses.map((w) => w.commonName).join(', ') || '—'}</Table.Td>
                {editable && (
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconUnlink size={14} aria-hidden />}
                      aria-label={t('linkedBuyers.removeOf', { name: buyer.name })}
                      disabled={put.isPending}
                      onClick={() =>
                        save(
                          ids.filter((id) => id !== buyer.accountId),
                          t('linkedBuyers.removed', { name: buyer.name }),
                        )
                      }
                    >
                      {t('linkedBuyers.remove')}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editable && (
        <BuyerToLink
          linked={ids}
          pending={put.isPending}
          onLink={(id) => save([...ids, id], t('linkedBuyers.added'))}
        />
      )}
    </Stack>
  );
}
