import type { LinkedBuyersResponse, PutLinkedBuyersRequest, Violation } from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import {
  type BaseContext,
  type BaseTxContext,
  type RequestContext,
  transact,
} from '../../platform/request-context';
import { findReachableAccount } from './accounts.repository';
import * as repo from './linked-buyers.repository';

/**
 * The linked buyers of an account decide which buyers a retailer may use: a category's buyer is
 * one of them (catalog/categories/category-writes.service.ts), and a buyer sees the buybacks of
 * the retailers it is linked to only (buyback-lifecycle/visibility.repository.ts). Platform operators set
 * them; the account's own catalogue managers read them (the category form's buyer choice).
 */

const invalid = (violations: Violation[]) =>
  new AppError('validation_failed', violations.map((v) => v.message).join(' '), violations);

async function responseOf(ctx: BaseContext, accountId: string): Promise<LinkedBuyersResponse> {
  const buyers = await repo.findLinkedBuyers(ctx, accountId);
  const warehouses = await repo.findWarehousesOf(
    ctx,
    buyers.map((b) => b.id),
  );
  return {
    accountId,
    buyers: buyers.map((b) => ({
      accountId: b.id,
      name: b.name,
      warehouses: warehouses
        .filter((w) => w.account_id === b.id)
        .map((w) => ({ id: w.id, commonName: w.common_name })),
    })),
  };
}

/** `GET /account/{accountId}/linked-buyers`: an operator reads any account's, a user its own (else 404). */
export async function getLinkedBuyers(ctx: RequestContext, accountId: string): Promise<LinkedBuyersResponse> {
  if (!(await findReachableAccount(ctx, accountId))) throw notFound('account');
  return responseOf(ctx, accountId);
}

/**
 * `linked_buyer_in_use`: one violation per category still naming a buyer being unlinked, and the
 * categories in the problem's `categoriesInUse` (the screen names them without reading a message).
 */
function buyersInUse(categories: { id: string; label: string; buyer_account_id: string }[]): AppError {
  const violations = categories.map((c) => ({
    propertyPath: 'buyerAccountIds',
    code: 'linked_buyer_in_use',
    message: `The category "${c.label}" still names this buyer: it stays linked.`,
  }));
  const categoriesInUse = categories.map((c) => ({
    id: c.id,
    label: c.label,
    buyerAccountId: c.buyer_account_id,
  }));
  return new AppError(
    'validation_failed',
    violations.map((v) => v.message).join(' '),
    violations,
    undefined,
    {
      categoriesInUse,
    },
  );
}

/** Every id a buyer account, or a violation at its index. */
async function buyerViolations(ctx: BaseContext, ids: string[]): Promise<Violation[]> {
  const buyers = new Set(
    (await repo.findAccountKinds(ctx, ids))
      .filter((a) => a.is_buyer_and_workshops_supervisor)
      .map((a) => a.id),
  );
  return ids.flatMap((id, index) =>
    buyers.has(id)
      ? []
      : [
          {
            propertyPath: `buyerAccountIds.${index}`,
            code: 'not_a_buyer',
            message: 'Choose a buyer account.',
          },
        ],
  );
}

/**
 * `PUT /account/{accountId}/linked-buyers`: the retailer's linked buyers become exactly those
 * named. A buyer a category of the account still names stays linked (`linked_buyer_in_use`): it is
 * unlinked first and checked after, so that a category created meanwhile is seen (its creation
 * holds the link until it commits).
 */
export async function putLinkedBuyers(
  ctx: RequestContext,
  accountId: string,
  input: PutLinkedBuyersRequest,
): Promise<LinkedBuyersResponse> {
  return transact(ctx, async (tx) => {
    const account = await findReachableAccount(tx, accountId, { forUpdate: true });
    if (!account) throw notFound('account');
    const wanted = [...new Set(input.buyerAccountIds)];
    const violations = await buyerViolations(tx, wanted);
    if (!account.is_retailer)
      violations.unshift({
        propertyPath: 'accountId',
        code: 'not_a_retailer',
        message: 'Only a retailer account has linked buyers.',
      });
    if (violations.length) throw invalid(violations);

    const before = (await repo.findLinkedBuyers(tx, accountId)).map((b) => b.id);
    const removed = before.filter((id) => !wanted.includes(id));
    const added = wanted.filter((id) => !before.includes(id));
    await repo.unlinkBuyers(tx, accountId, removed);
    const inUse = await repo.categoriesNamingBuyers(tx, accountId, removed);
    if (inUse.length) throw buyersInUse(inUse);
    await repo.linkBuyers(tx, accountId, added);
    const response = await responseOf(tx, accountId);
    if (removed.length || added.length)
      await audit(tx, {
        action: 'update',
        entityType: 'linked_buyer',
        entityId: accountId,
        accountId,
        before: { buyerAccountIds: before },
        after: { buyerAccountIds: response.buyers.map((b) => b.accountId) },
      });
    return response;
  });
}

/**
 * The catalogue's rule (catalog/categories/category-writes.service.ts): a category's buyer is a
 * linked buyer of the category's account. Holds the link until the transaction ends.
 */
export async function linkedBuyerViolations(
  tx: BaseTxContext,
  accountId: string,
  buyerAccountId: string,
): Promise<Violation[]> {
  if (await repo.isLinkedBuyer(tx, accountId, buyerAccountId)) return [];
  return [
    {
      propertyPath: 'buyerAccountId',
      code: 'not_a_linked_buyer',
      message: 'The buyer must be one of the linked buyers of the account.',
    },
  ];
}
