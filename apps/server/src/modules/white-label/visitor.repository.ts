import type { InTransaction, VisitorContext } from '../../platform/request-context';

type Tx = InTransaction<VisitorContext>;

/** The root organisation of the site's account, where its visitors hold their user type. */
export async function findRootOrganizationId(tx: Tx): Promise<string | undefined> {
  const row = await tx.trx
    .selectFrom('organizations')
    .select('id')
    .where('account_id', '=', tx.siteAccountId)
    .where('parent_organization_id', 'is', null)
    .where('type', '=', 'root_management_unit')
    .executeTakeFirst();
  return row?.id;
}

/**
 * A visitor of the site's account: a `pseudo_anonymous` user without password, in a reserved
 * e-mail domain (never mailed, never signed in with), holding its tim module at the root.
 */
export async function insertVisitor(
  tx: Tx,
  visitor: { id: string; rootOrganizationId: string; language: string },
): Promise<void> {
  await tx.trx
    .insertInto('users')
    .values({
      id: visitor.id,
      account_id: tx.siteAccountId,
      email: `visitor-${visitor.id}@visitors.invalid`,
      firstname: '',
      lastname: '',
      password_hash: null,
      language: visitor.language,
    })
    .execute();
  await tx.trx
    .insertInto('user_modules')
    .values({
      user_id: visitor.id,
      module_type: 'tim',
      user_type: 'pseudo_anonymous',
      organization_id: visitor.rootOrganizationId,
    })
    .execute();
}
