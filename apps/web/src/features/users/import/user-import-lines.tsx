import { Anchor, Badge, Group, List, Pagination, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import type { UserImportLineResult } from '@reprise/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateErrorCode } from '../../../app/errors';

const PAGE_SIZE = 50;
type Filter = 'all' | 'created' | 'error';

/** One line's error in words: its column of the file, then the rule it broke. */
function LineError({ error }: { error: UserImportLineResult['errors'][number] }) {
  const { t, i18n } = useTranslation('userImport');
  const text = i18n.exists(`userImport:lineErrors.${error.code}`)
    ? t(`lineErrors.${error.code}`)
    : translateErrorCode(error.code);
  return (
    <>
      {error.field && (
        <Text span ff="monospace" size="xs" c="dimmed" mr={6}>
          {error.field}
        </Text>
      )}
      {text}
    </>
  );
}

/**
 * The lines of a dry run or an import: line number, e-mail, outcome and the translated errors;
 * filtered by outcome and paged (a file holds up to a thousand lines).
 */
export function UserImportLines({
  lines,
  dryRun,
  caption,
}: {
  lines: UserImportLineResult[];
  dryRun: boolean;
  caption: string;
}) {
  const { t } = useTranslation('userImport');
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const shown = lines.filter((l) => filter === 'all' || l.outcome === filter);
  const pageCount = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const outcomeLabel = (l: UserImportLineResult) =>
    l.outcome === 'error' ? t('outcome.error') : dryRun ? t('outcome.valid') : t('outcome.created');

  return (
    <Stack gap="sm">
      <SegmentedControl
        value={filter}
        onChange={(value) => {
          setFilter(value as Filter);
          setPage(1);
        }}
        aria-label={t('lines.filter')}
        data={[
          { value: 'all', label: t('lines.all', { count: lines.length }) },
          {
            value: 'created',
            label: t(dryRun ? 'lines.valid' : 'lines.created', {
              count: lines.filter((l) => l.outcome === 'created').length,
            }),
          },
          {
            value: 'error',
            label: t('lines.errors', { count: lines.filter((l) => l.outcome === 'error').length }),
          },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing="xs" data-testid="user-import-lines">
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={80}>
                {t('lines.line')}
              </Table.Th>
              <Table.Th scope="col">{t('lines.email')}</Table.Th>
              <Table.Th scope="col" w={140}>
                {t('lines.outcome')}
              </Table.Th>
              <Table.Th scope="col">{t('lines.errorsColumn')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((l) => (
              <Table.Tr key={l.line} data-testid={`user-import-line-${l.line}`}>
                <Table.Td>{l.line}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {l.userId ? (
                    <Anchor component={Link} to={`/user/${l.userId}/edit`} size="sm">
                      {l.email}
                    </Anchor>
                  ) : (
                    l.email || '—'
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge color={l.outcome === 'error' ? 'red' : 'green'} variant="light" tt="none">
                    {outcomeLabel(l)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {l.errors.length === 0 ? (
                    '—'
                  ) : (
                    <List size="sm" spacing={2}>
                      {l.errors.map((error) => (
                        <List.Item key={`${error.field}:${error.code}`}>
                          <LineError error={error} />
                        </List.Item>
                      ))}
                    </List>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pageCount > 1 && (
        <Group justify="flex-end">
          <Pagination
            total={pageCount}
            value={page}
            onChange={setPage}
            size="sm"
            aria-label={t('lines.pages')}
          />
        </Group>
      )}
    </Stack>
  );
}
