import type { WarehouseDispatchRuleResponse } from '@reprise/shared';
import type { DestinationRow, RuleRow } from './warehouse-dispatch.repository';

const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

/** A rule as the API answers it; category values read as their labels (`categoryLabels` by id). */
export function toRuleResponse(
  row: RuleRow,
  destinations: readonly DestinationRow[],
  categoryLabels: ReadonlyMap<string, string>,
): WarehouseDispatchRuleResponse {
  return {
    id: row.id,
    accountId: row.account_id,
    title: row.title,
    position: row.position,
    conditions: row.conditions.map((c) => ({
      attribute: c.attribute,
      operator: c.operator,
      values: c.values,
      labels: c.values.map((v) => (c.attribute === 'category' ? (categoryLabels.get(v) ?? v) : v)),
    })),
    warehouses: destinations
      .filter((d) => d.rule_id === row.id)
      .map((d) => ({ id: d.id, commonName: d.common_name })),
    defaultWarehouse: { id: row.default_warehouse_id, commonName: row.default_warehouse_name },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    updatedBy: row.updated_by
      ? { id: row.updated_by, name: row.updated_by_name ?? row.updated_by_email ?? '' }
      : null,
  };
}

/** The category ids the conditions of rules name. */
export const categoryIdsOf = (rows: readonly RuleRow[]) => [
  ...new Set(
    rows.flatMap((r) => r.conditions.filter((c) => c.attribute === 'category').flatMap((c) => c.values)),
  ),
];
