import { type Expression, type SqlBool, sql } from 'kysely';
import type { CatalogScope } from './catalog-scope';

const tenant = (id: string) => {
  // an empty tenant id would be a bug that widens the scope: refuse it
  if (!id) throw new Error('catalogue scope without a tenant id');
  return id;
};

type Column = (name: string) => ReturnType<typeof sql.ref>;

/** Every account's rows, one account's, or none; a buyer's rows as `buyerRows` says. */
function rowsInScope(
  scope: CatalogScope,
  alias: string,
  buyerRows: (column: Column, buyerAccountId: string) => Expression<SqlBool>,
): Expression<SqlBool> {
  const column: Column = (name) => sql.ref(`${alias}.${name}`);
  switch (scope.kind) {
    case 'all':
      return scope.accountId
        ? sql<SqlBool>`${column('account_id')} = ${scope.accountId}`
        : sql<SqlBool>`true`;
    case 'account':
      return sql<SqlBool>`${column('account_id')} = ${tenant(scope.accountId)}`;
    case 'buyer':
      return buyerRows(column, tenant(scope.buyerAccountId));
    case 'none':
      return sql<SqlBool>`false`;
  }
}

/** The categories a scope reads (`alias` is the categories table). */
export function categoryInScope(scope: CatalogScope, alias = 'c'): Expression<SqlBool> {
  return rowsInScope(scope, alias, (column, buyer) => sql<SqlBool>`${column('buyer_account_id')} = ${buyer}`);
}

/** The products a scope reads: a buyer reads the products whose main category is linked to it. */
export function productInScope(scope: CatalogScope, alias = 'p'): Expression<SqlBool> {
  return rowsInScope(
    scope,
    alias,
    (column, buyer) =>
      sql<SqlBool>`${column('main_category_id')} in (select id from categories where buyer_account_id = ${buyer})`,
  );
}
