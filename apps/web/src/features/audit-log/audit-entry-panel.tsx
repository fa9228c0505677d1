import { Badge, Button, Code, Drawer, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { AuditEntryResponse } from '@reprise/shared';
import { IconHistory } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../app/use-formatters';
import { WHOLE_LABEL } from '../../ui/status-badge';
import { type AuditFieldChange, auditDiff } from './audit-diff';
import { ActionBadge, useEntityTypeLabel } from './audit-labels';

/** The colour of a field's row by its change; the change is also said in words (never by colour alone). */
const CHANGE_COLORS: Record<AuditFieldChange, string | undefined> = {
  added: 'var(--mantine-color-green-light)',
  removed: 'var(--mantine-color-red-light)',
  changed: 'var(--mantine-color-yellow-light)',
  same: undefined,
};
const CHANGE_BADGE_COLORS: Record<AuditFieldChange, string> = {
  added: 'green',
  removed: 'red',
  changed: 'yellow',
  same: 'gray',
};

function Value({ value }: { value: unknown }) {
  const { t } = useTranslation('auditLog');
  if (value === undefined)
    return (
      <Text size="sm" c="dimmed">
        {t('panel.absent')}
      </Text>
    );
  if (value === null || value === '')
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {t('panel.empty')}
      </Text>
    );
  if (typeof value === 'object')
    return (
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {JSON.stringify(value, null, 2)}
      </Code>
    );
  return (
    <Text size="sm" style={{ wordBreak: 'break-word' }}>
      {String(value)}
    </Text>
  );
}

/** The record's fields before and after, the changed ones highlighted and named. */
function Changes({ entry }: { entry: AuditEntryResponse }) {
  const { t } = useTranslation('auditLog');
  const fields = auditDiff(entry.before, entry.after);
  if (fields.length === 0) return <Text c="dimmed">{t('panel.noState')}</Text>;
  const changed = fields.filter((f) => f.change !== 'same').length;
  return (
    <Stack gap="xs">
      <Text size="sm" data-testid="audit-entry-changed-count">
        {t('panel.changedCount', { count: changed })}
      </Text>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing="xs" withTableBorder data-testid="audit-entry-diff">
          <Table.Caption>{t('panel.diffCaption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('panel.field')}</Table.Th>
              <Table.Th scope="col">{t('panel.before')}</Table.Th>
              <Table.Th scope="col">{t('panel.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((f) => (
              <Table.Tr
                key={f.field}
                bg={CHANGE_COLORS[f.change]}
                data-change={f.change}
                data-testid="audit-entry-field"
              >
                <Table.Th scope="row" fw={f.change === 'same' ? 400 : 700} style={{ verticalAlign: 'top' }}>
                  <Stack gap={2} align="flex-start">
                    <Text size="sm" ff="monospace" fw="inherit" style={{ wordBreak: 'break-word' }}>
                      {f.field}
                    </Text>
                    {f.change !== 'same' && (
                      <Badge
                        size="xs"
                        variant="filled"
                        color={CHANGE_BADGE_COLORS[f.change]}
                        styles={WHOLE_LABEL}
                      >
                        {t(`panel.change.${f.change}`)}
                      </Badge>
                    )}
                  </Stack>
                </Table.Th>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Value value={f.before} />
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Value value={f.after} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </div>
  );
}

interface AuditEntryPanelProps {
  /** The entry shown; null closes the panel. */
  entry: AuditEntryResponse | null;
  onClose: () => void;
  /** Filters the list to this record's entries. */
  onRecordHistory: (entry: AuditEntryResponse) => void;
}

/** The side panel of an audit entry: when, who, which account, what, and the record before and after. */
export function AuditEntryPanel({ entry, onClose, onRecordHistory }: AuditEntryPanelProps) {
  const { t } = useTranslation('auditLog');
  const { dateTime } = useFormatters();
  const entityTypeLabel = useEntityTypeLabel();
  return (
    <Drawer
      opened={entry !== null}
      onClose={onClose}
      position="right"
      size="xl"
      // the drawer's title is already its heading (an h2): a Title inside it was a heading in a heading
      title={t('panel.title')}
      styles={{ title: { fontSize: 'var(--mantine-h4-font-size)', fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('panel.close') }}
      data-testid="audit-entry-panel"
    >
      {entry && (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Field label={t('panel.at')}>{dateTime(entry.at)}</Field>
            <Field label={t('panel.action')}>
              <ActionBadge action={entry.action} />
            </Field>
            <Field label={t('panel.actor')}>
              {entry.actor ? (
                <>
                  {entry.actor.name ?? entry.actor.id}
                  {entry.actor.email && (
                    <Text size="xs" c="dimmed">
                      {entry.actor.email}
                    </Text>
                  )}
                </>
              ) : (
                t('noActor')
              )}
            </Field>
            <Field label={t('panel.account')}>
              {entry.account ? (entry.account.name ?? entry.account.id) : t('noAccount')}
            </Field>
            <Field label={t('panel.entity')}>
              {entityTypeLabel(entry.entityType)}
              <Text size="xs" c="dimmed" ff="monospace" data-testid="audit-entry-entity-id">
                {entry.entityId}
              </Text>
            </Field>
          </SimpleGrid>
          <Group>
            <Button
              variant="light"
              leftSection={<IconHistory size={16} aria-hidden />}
              onClick={() => onRecordHistory(entry)}
            >
              {t('panel.history')}
            </Button>
          </Group>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('panel.changes')}
            </Title>
            <Changes entry={entry} />
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
}
