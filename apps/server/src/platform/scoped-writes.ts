import {
  type DeleteQueryBuilder,
  type DeleteResult,
  type RawBuilder,
  sql,
  type UpdateQueryBuilder,
  type UpdateResult,
} from 'kysely';
import type { Database } from './db.types';
import type { AccountScope, BaseTxContext } from './request-context';

/**
 * The only way a module updates or deletes tenant rows. Each builder starts with the scope of the
 * context's actor already applied (its account's rows; every account's for platform operators),
 * so an update or delete "by bare id" cannot be written: modules add their own conditions (the
 * id, an organisation path) on top. `platform/scoped-writes.test.ts` fails when a module calls
 * `updateTable`/`deleteFrom` itself (outside the system tables it lists, each with its reason).
 */

/** The tables whose rows belong to one account (they carry `account_id`). */
export type AccountTable = {
  [T in keyof Database]: 'account_id' extends keyof Database[T] ? T : never;
}[keyof Database];

const inScope = (scope: AccountScope, column = 'account_id') =>
  scope.kind === 'all' ? sql<boolean>`true` : sql<boolean>`${sql.ref(column)} = ${scope.accountId}`;

/**
 * `UPDATE table … WHERE account_id in the context's scope`. A narrower scope (`scope`) may be given,
 * e.g. the account of a row the service resolved and checked, never a wider one than the context's.
 */
export function updateOwned<T extends AccountTable>(
  tx: BaseTxContext,
  table: T,
  scope: AccountScope = tx.scope,
): UpdateQueryBuilder<Database, T, T, UpdateResult> {
  checkNarrower(tx, scope);
  return scopedBy(tx.trx.updateTable(table), inScope(scope));
}

/** `DELETE FROM table … WHERE account_id in the context's scope` (see `updateOwned`). */
export function deleteOwned<T extends AccountTable>(
  tx: BaseTxContext,
  table: T,
  scope: AccountScope = tx.scope,
): DeleteQueryBuilder<Database, T, DeleteResult> {
  checkNarrower(tx, scope);
  return scopedBy(tx.trx.deleteFrom(table), inScope(scope));
}

/**
 * Rows of a table that belong to an account through their parent (`diagnostic_answers` through
 * `diagnostic_questions`, `circuit_payment_modes` through `circuits`): the parent must lie in
 * the scope, `WHERE fk IN (SELECT id FROM parent WHERE account_id …)`.
 */
export function updateChildOf<T extends keyof Database, P extends AccountTable>(
  tx: BaseTxContext,
  table: T,
  through: { column: string; parent: P },
  scope: AccountScope = tx.scope,
): UpdateQueryBuilder<Database, T, T, UpdateResult> {
  checkNarrower(tx, scope);
  return scopedBy(tx.trx.updateTable(table), parentInScope(through, scope));
}

/** `DELETE` of child rows whose parent lies in the scope (see `updateChildOf`). */
export function deleteChildOf<T extends keyof Database, P extends AccountTable>(
  tx: BaseTxContext,
  table: T,
  through: { column: string; parent: P },
  scope: AccountScope = tx.scope,
): DeleteQueryBuilder<Database, T, DeleteResult> {
  checkNarrower(tx, scope);
  return scopedBy(tx.trx.deleteFrom(table), parentInScope(through, scope));
}

/** The account row itself (`accounts`, keyed by id): the context's own account, or any for platform operators. */
export function updateAccountRow(
  tx: BaseTxContext,
  scope: AccountScope = tx.scope,
): UpdateQueryBuilder<Database, 'accounts', 'accounts', UpdateResult> {
  checkNarrower(tx, scope);
  return tx.trx.updateTable('accounts').where(inScope(scope, 'id'));
}

/**
 * Deletes the account row itself (`accounts`, keyed by id): a platform admin removing a client
 * account (modules/account-admin), once its rows are gone. Never a wider scope than the context's.
 */
export function deleteAccountRow(
  tx: BaseTxContext,
  scope: AccountScope = tx.scope,
): DeleteQueryBuilder<Database, 'accounts', DeleteResult> {
  checkNarrower(tx, scope);
  return tx.trx.deleteFrom('accounts').where(inScope(scope, 'id'));
}

/**
 * Rows of the scope's accounts, and rows of another account linked to a parent in the scope: a
 * retailer's user holding a module (`user_modules`) in an organisation of the buyer's account is
 * written by the buyer's managers too (modules/users/users.rules.ts, accountOfModules).
 * `WHERE (account_id in scope OR id IN (SELECT link.column FROM link.table WHERE link.through IN
 * (SELECT id FROM link.parent WHERE account_id in scope)))`.
 */
export function updateOwnedOrLinked<T extends AccountTable, P extends AccountTable>(
  tx: BaseTxContext,
  table: T,
  link: { table: keyof Database; column: string; through: string; parent: P },
  scope: AccountScope = tx.scope,
): UpdateQueryBuilder<Database, T, T, UpdateResult> {
  checkNarrower(tx, scope);
  const linked = sql<boolean>`id IN (SELECT ${sql.ref(link.column)} FROM ${sql.table(link.table)} WHERE ${parentInScope({ column: link.through, parent: link.parent }, scope)})`;
  return scopedBy(tx.trx.updateTable(table), sql<boolean>`(${inScope(scope)} OR ${linked})`);
}

/**
 * Rows a retailer owns and a buyer works on (`buybacks`, `buyback_items`, `litigations`: they carry both
 * `account_id` and `buyer_account_id`): the warehouses of the buyer account write the items
 * assigned to it (modules/buyback-lifecycle/item-moves.ts). `WHERE (account_id in scope OR
 * buyer_account_id in scope)`.
 */
export function updateOwnedOrAssigned<T extends 'buybacks' | 'buyback_items' | 'litigations'>(
  tx: BaseTxContext,
  table: T,
  scope: AccountScope = tx.scope,
): UpdateQueryBuilder<Database, T, T, UpdateResult> {
  checkNarrower(tx, scope);
  return scopedBy(
    tx.trx.updateTable(table),
    sql<boolean>`(${inScope(scope)} OR ${inScope(scope, 'buyer_account_id')})`,
  );
}

/**
 * Adds the scope condition. Kysely cannot resolve `where` on a builder of a generic table (its
 * overloads are a union there), so the builder is narrowed to the one overload used.
 */
const scopedBy = (builder: unknown, condition: RawBuilder<boolean>) =>
  (builder as { where(condition: RawBuilder<boolean>): never }).where(condition);

const parentInScope = (through: { column: string; parent: string }, scope: AccountScope) =>
  sql<boolean>`${sql.ref(through.column)} IN (SELECT id FROM ${sql.table(through.parent)} WHERE ${inScope(scope)})`;

/** A scope given explicitly must lie within the context's own: a service cannot widen it. */
function checkNarrower(tx: BaseTxContext, scope: AccountScope): void {
  const own = tx.scope;
  if (own.kind === 'all') return;
  if (scope.kind === 'all' || scope.accountId !== own.accountId)
    throw new Error(`a write outside the context's account (${own.accountId}) was attempted`);
}
