import { Select, Text, TextInput } from '@mantine/core';
import { AUDIT_ENTITIES, type AuditEntity, LOG_ACTIONS, type LogAction } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { FiltersBar, SearchFilter } from '../../ui/list-filters';
import { type AuditLogFilterValues, useAuditLogAccounts } from './audit-log.queries';

/** The filters the address holds (`?accountId&entityType&entityId&action&actor&at[after]&at[before]`). */
export const AUDIT_LOG_FILTERS = [
  'accountId',
  'entityType',
  'entityId',
  'action',
  'actor',
  'at[after]',
  'at[before]',
] as const;
type AuditLogFilterName = (typeof AUDIT_LOG_FILTERS)[number];
export type AuditLogFilterText = Record<AuditLogFilterName, string>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isEntity = (v: string): v is AuditEntity => (AUDIT_ENTITIES as readonly string[]).includes(v);
const isAction = (v: string): v is LogAction => (LOG_ACTIONS as readonly string[]).includes(v);

/** The filters as typed (the inputs show them), and those valid enough to send (the others are left out). */
export function readAuditLogFilters(params: URLSearchParams): {
  text: AuditLogFilterText;
  sent: AuditLogFilterValues;
} {
  const text = Object.fromEntries(
    AUDIT_LOG_FILTERS.map((name) => [name, params.get(name)?.trim() ?? '']),
  ) as AuditLogFilterText;
  const sent: AuditLogFilterValues = {};
  if (UUID.test(text.accountId)) sent.accountId = text.accountId;
  if (isEntity(text.entityType)) sent.entityType = text.entityType;
  if (UUID.test(text.entityId)) sent.entityId = text.entityId;
  if (isAction(text.action)) sent.action = text.action;
  if (text.actor) sent.actor = text.actor;
  if (DAY.test(text['at[after]'])) sent['at[after]'] = text['at[after]'];
  if (DAY.test(text['at[before]'])) sent['at[before]'] = text['at[before]'];
  return { text, sent };
}

/** Whether a record id is typed but is no id: it is not sent, and the filter says why. */
const entityIdInvalid = (text: AuditLogFilterText) => text.entityId !== '' && !UUID.test(text.entityId);

interface AuditLogFiltersProps {
  text: AuditLogFilterText;
  onChange: (filters: Partial<Record<AuditLogFilterName, string | null>>) => void;
  onClear: () => void;
}

/** Account, record type, action, dates, user e-mail and record id. */
export function AuditLogFiltersBar({ text, onChange, onClear }: AuditLogFiltersProps) {
  const { t } = useTranslation('auditLog');
  const accounts = useAuditLogAccounts();
  const all = t('filters.all');
  const active = AUDIT_LOG_FILTERS.some((name) => text[name]);
  return (
    <FiltersBar label={t('filters.label')} clearLabel={t('filters.clear')} active={active} onClear={onClear}>
      <Select
        label={t('filters.account')}
        placeholder={all}
        data={accounts.data ?? []}
        value={text.accountId || null}
        onChange={(value) => onChange({ accountId: value })}
        searchable
        clearable
        nothingFoundMessage={t('filters.nothingFound')}
      />
      <Select
        label={t('filters.entityType')}
        placeholder={all}
        data={AUDIT_ENTITIES.map((value) => ({ value, label: t(`entityTypes.${value}`) })).sort((a, b) =>
          a.label.localeCompare(b.label),
        )}
        value={isEntity(text.entityType) ? text.entityType : null}
        onChange={(value) => onChange({ entityType: value })}
        searchable
        clearable
        nothingFoundMessage={t('filters.nothingFound')}
      />
      <Select
        label={t('filters.action')}
        placeholder={all}
        data={LOG_ACTIONS.map((value) => ({ value, label: t(`actions.${value}`) }))}
        value={isAction(text.action) ? text.action : null}
        onChange={(value) => onChange({ action: value })}
        clearable
      />
      <TextInput
        type="date"
        label={t('filters.after')}
        value={text['at[after]']}
        max={text['at[before]'] || undefined}
        onChange={(event) => onChange({ 'at[after]': event.currentTarget.value || null })}
      />
      <TextInput
        type="date"
        label={t('filters.before')}
        value={text['at[before]']}
        min={text['at[after]'] || undefined}
        onChange={(event) => onChange({ 'at[before]': event.currentTarget.value || null })}
      />
      <SearchFilter
        label={t('filters.actor')}
        placeholder={t('filters.actorPlaceholder')}
        value={text.actor}
        onChange={(value) => onChange({ actor: value })}
      />
      <div>
        <SearchFilter
          label={t('filters.entityId')}
          placeholder={t('filters.entityIdPlaceholder')}
          value={text.entityId}
          onChange={(value) => onChange({ entityId: value })}
        />
        {entityIdInvalid(text) && (
          <Text role="alert" c="red" size="xs">
            {t('filters.entityIdInvalid')}
          </Text>
        )}
      </div>
    </FiltersBar>
  );
}
