import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * The items a scanned code names, on a query of `buyback_items as i` joined to `buybacks as b`:
 * 13 digits, the item's or its buyback's identification number; 8 characters, the last 8 digits
 * of the item's (may match several). Any other code filters nothing.
 */
export function itemCodeCondition(
  code: { fullCode: string } | { shortCode: string } | { id: string },
): RawBuilder<SqlBool> {
  if ('fullCode' in code)
    return sql<SqlBool>`(i.identification_number = ${code.fullCode} or b.identification_number = ${code.fullCode})`;
  if ('shortCode' in code) return sql<SqlBool>`right(i.identification_number, 8) = ${code.shortCode}`;
  return sql<SqlBool>`true`;
}
