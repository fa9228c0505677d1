import { type Expression, type SqlBool, sql } from 'kysely';
import type { CatalogScope } from './catalog-scope';

const tenant = (id: string) => {
  // an empty tenant id would be a bug that widens the scope: refuse it
  if (!id) throw new Error('catalogue scope without a tenant id');
  return id;
};

/** The categories a scope reads (`alias` is the categories table). */
export function categoryInScope(scope: CatalogScope, alias = 'c'): Expression<SqlBool> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  switch (scope.kind) {
    case 'all':
      return scope.accountId
        ? sql<SqlBool>`${column('account_id')} = ${scope.accountId}`
        : sql<SqlBool>`true`;
    case 'account':
      return sql<SqlBool>`${column('account_id')} = ${tenant(scope.accountId)}`;
    case 'buyer':
      return sql<SqlBool>`${column('buyer_account_id')} = ${tenant(scope.buyerAccountId)}`;
    case 'none':
      return sql<SqlBool>`false`;
  }
}

/** The products a scope reads: a buyer reads the products whose main category is linked to it. */
export function productInScope(scope: CatalogScope, alias = 'p'): Expression<SqlBool> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  switch (scope.kind) {
    case 'all':
      return scope.accountId
        ? sql<SqlBool>`${column('account_id')} = ${scope.accountId}`
        : sql<SqlBool>`true`;
    case 'account':
      return sql<SqlBool>`${column('account_id')} = ${tenant(scope.accountId)}`;
    case 'buyer':
      return sql<SqlBool>`${column('main_category_id')} in (select id from categories where buyer_account_id = ${tenant(scope.buyerAccountId)})`;
    case 'none':
      return sql<SqlBool>`false`;
  }
}
