import type { CheckinRequirement } from '@reprise/shared';
import { sql } from 'kysely';
import { type BaseContext, readerOf } from '../../platform/request-context';

/**
 * What a check-in needs besides the item, in one query: the check-in requirement of the item's
 * retailer (its root details; optional when it has none) and the native stock "awaiting control"
 * of the item's warehouse.
 */
export async function findCheckinTarget(
  ctx: BaseContext,
  retailerAccountId: string,
  warehouseId: string | null,
): Promise<{
  retailerRequirement: CheckinRequirement;
  stock: { id: string; name: string; native_kind: string } | null;
}> {
  const { rows } = await sql<{
    requirement: string | null;
    stock_id: string | null;
    stock_name: string | null;
    stock_native_kind: string | null;
  }>`
    SELECT (SELECT rd.warehouse_checkin_requirement FROM organization_root_details rd
             WHERE rd.account_id = ${retailerAccountId}) AS requirement,
           st.id AS stock_id, st.name AS stock_name, st.native_kind AS stock_native_kind
      FROM (SELECT 1) one
      LEFT JOIN stocks st ON st.warehouse_id = ${warehouseId} AND st.native_kind = 'awaiting_control'`.execute(
    readerOf(ctx),
  );
  const row = rows[0];
  return {
    retailerRequirement: (row?.requirement as CheckinRequirement | null) ?? 'optional',
    stock:
      row?.stock_id && row.stock_name && row.stock_native_kind
        ? { id: row.stock_id, name: row.stock_name, native_kind: row.stock_native_kind }
        : null,
  };
}
