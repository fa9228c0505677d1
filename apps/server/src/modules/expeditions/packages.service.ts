import type {
  CreatePackageRequest,
  ErrorCode,
  ExpeditionEligibilityQuery,
  ExpeditionEligibilityResponse,
  ListPackagesQuery,
  PackageKind,
  PackageResponse,
  PackageSummaryResponse,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { Page } from '../../platform/pagination';
import { type RequestContext, type TxContext, transact } from '../../platform/request-context';
import { isVisiblePath } from '../../platform/scope';
import type { ItemRow } from '../buyback-lifecycle';
import { recordItemEvent, resolveItem } from '../buyback-lifecycle';
import { sendItem } from '../buybacks';
import { announceBuybackEvent } from '../webhooks';
import {
  isShippingOrganizationType,
  itemDestination,
  itemRefusal,
  needsLabel,
  storePackageRefusal,
  trackingNumber,
} from './expedition.rules';
import { toPackageResponse, toPackageSummary } from './packages.mapper';
import * as repo from './packages.repository';

/**
 * Expedition (docs/refurbishment.md): a package leaves the user's
 * store or warehouse, is filled by scanning items, and is closed. Closing a store package sends its
 * items to their warehouse (buybacks/send.service.ts, as "mark as sent" does); closing a warehouse package
 * dispatches its items (status kept, out of any stock). A closed package cannot change.
 */

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  expedition_already_processed: 'This item has already been processed (packed or sent).',
  expedition_not_awaiting_shipment: 'This item does not exist or is not awaiting shipment.',
  expedition_no_manual_shipment: 'No manual shipment is needed for this item: its circuit ships it.',
  expedition_item_needs_label: 'This item needs a label: pack it in a package with a label.',
  expedition_item_no_label: 'This item does not need a label: pack it in a package without a label.',
  expedition_other_destination: 'This item goes to another warehouse than the package.',
};

/** A refusal naming the item (the problem's `identificationNumber`: the screens say which one). */
const refused = (code: ErrorCode, item?: Pick<ItemRow, 'identification_number'>) =>
  item
    ? new AppError(code, `${item.identification_number}: ${MESSAGES[code] ?? code}`, undefined, undefined, {
        identificationNumber: item.identification_number,
      })
    : new AppError(code, MESSAGES[code] ?? code);

const closed = () => new AppError('package_closed', 'This package is closed: it can no longer be changed.');

/** The store or warehouse a package leaves from: the user's current organisation, or one of its subtree. */
async function shippingOrigin(
  ctx: RequestContext,
  requestedId?: string,
): Promise<repo.OrganizationRow & { kind: PackageKind }> {
  const org = await repo.findOrganization(ctx, requestedId ?? ctx.actor.organizationId);
  const type = org?.type ?? '';
  if (
    !org ||
    !isShippingOrganizationType(type) ||
    !isVisiblePath(ctx.actor, org.path) ||
    // a package is written by the accounts of the context (platform/scoped-writes.ts)
    (ctx.scope.kind === 'account' && ctx.scope.accountId !== org.account_id)
  )
    throw new AppError('origin_not_shipping', 'Packages leave from a store or a warehouse.');
  return { ...org, kind: type };
}

/**
 * The item of a scanned code or an id, locked when asked: one the user does not see is not awaiting
 * shipment for them (never told apart from an unknown one); a code of the wrong length and a short
 * code several items share keep their own answers.
 */
async function shippableItem(
  ctx: RequestContext,
  where: { id: string } | { code: string },
  forUpdate = false,
): Promise<ItemRow> {
  try {
    return await resolveItem(ctx, where, { forUpdate });
  } catch (error) {
    if (error instanceof AppError && error.code === 'item_not_found')
      throw refused('expedition_not_awaiting_shipment');
    throw error;
  }
}

/** A package the user sees (404 otherwise), locked for a write. */
async function visiblePackage(ctx: RequestContext, id: string, forUpdate = false): Promise<repo.PackageRow> {
  const row = await repo.findVisiblePackage(ctx, id, { forUpdate });
  if (!row) throw notFound('package');
  return row;
}

async function responseOf(ctx: RequestContext, id: string): Promise<PackageResponse> {
  const row = await visiblePackage(ctx, id);
  return toPackageResponse(row, await repo.findPackageItems(ctx, [id]));
}

/** Writes the package (scoped), or 404 when the user's accounts may not. */
async function writePackage(tx: TxContext, id: string, values: Parameters<typeof repo.updatePackage>[2]) {
  if (!(await repo.updatePackage(tx, id, values))) throw notFound('package');
}

export async function createPackage(
  ctx: RequestContext,
  input: CreatePackageRequest,
): Promise<PackageResponse> {
  return transact(ctx, async (tx) => {
    const origin = await shippingOrigin(tx, input.originOrganizationId);
    // a warehouse ships to its buyer account's head office; a store package to its first item's warehouse
    const destination =
      origin.kind === 'warehouse' ? await repo.findRootOrganization(tx, origin.account_id) : null;
    const id = await repo.insertPackage(tx, {
      account_id: origin.account_id,
      kind: origin.kind,
      origin_organization_id: origin.id,
      destination_organization_id: destination?.id ?? null,
      with_label: input.withLabel,
      created_by: tx.actor.userId,
    });
    const response = await responseOf(tx, id);
    await audit(tx, {
      action: 'create',
      entityType: 'package',
      entityId: id,
      accountId: origin.account_id,
      after: {
        number: response.number,
        kind: response.kind,
        withLabel: response.withLabel,
        originId: origin.id,
      },
    });
    return response;
  });
}

export async function listPackages(
  ctx: RequestContext,
  query: ListPackagesQuery,
): Promise<Page<PackageSummaryResponse>> {
  const { rows, total } = await repo.findPackages(ctx, query);
  return { member: rows.map(toPackageSummary), totalItems: total };
}

export const getPackage = (ctx: RequestContext, id: string): Promise<PackageResponse> => responseOf(ctx, id);

/** Packs a scanned item (event `packed`, the package number as comment). */
export async function addPackageItem(
  ctx: RequestContext,
  id: string,
  code: string,
): Promise<PackageResponse> {
  return transact(ctx, async (tx) => {
    const pack = await visiblePackage(tx, id, true);
    if (pack.status === 'closed') throw closed();
    const item = await shippableItem(tx, { code }, true);
    const packed = await repo.findPackageOfItem(tx, item.id, pack.kind);
    if (packed?.id === pack.id)
      throw new AppError(
        'expedition_code_already_entered',
        'This code has already been entered in this package.',
      );
    if (packed)
      throw new AppError(
        'expedition_already_processed',
        `${item.identification_number} is already in package ${packed.number}.`,
      );
    const refusal =
      itemRefusal(pack.kind, item, pack.origin_organization_id) ??
      (pack.kind === 'store'
        ? storePackageRefusal(item, {
            withLabel: pack.with_label,
            destinationId: pack.destination_organization_id,
          })
        : null);
    if (refusal) throw refused(refusal, item);
    await repo.insertPackageItem(tx, {
      package_id: id,
      item_id: item.id,
      kind: pack.kind,
      added_by: tx.actor.userId,
    });
    // the first item of a store package sets where it goes
    await writePackage(
      tx,
      id,
      pack.kind === 'store' && !pack.destination_organization_id
        ? { destination_organization_id: itemDestination(item) }
        : {},
    );
    await recordItemEvent(tx, item, { reason: 'packed', comment: pack.number });
    await audit(tx, {
      action: 'update',
      entityType: 'package',
      entityId: id,
      accountId: pack.account_id,
      before: { itemCount: pack.item_count },
      after: { itemCount: pack.item_count + 1, packedItemId: item.id },
    });
    return responseOf(tx, id);
  });
}

/** Takes an item out of an open package (event `unpacked`). */
export async function removePackageItem(
  ctx: RequestContext,
  id: string,
  itemId: string,
): Promise<PackageResponse> {
  return transact(ctx, async (tx) => {
    const pack = await visiblePackage(tx, id, true);
    if (pack.status === 'closed') throw closed();
    if (!(await repo.deletePackageItem(tx, id, itemId))) throw notFound('item of this package');
    const item = await resolveItem(tx, { id: itemId }, { forUpdate: true });
    // an emptied store package may go to another warehouse
    await writePackage(
      tx,
      id,
      pack.kind === 'store' && pack.item_count <= 1 ? { destination_organization_id: null } : {},
    );
    await recordItemEvent(tx, item, { reason: 'unpacked', comment: pack.number });
    await audit(tx, {
      action: 'update',
      entityType: 'package',
      entityId: id,
      accountId: pack.account_id,
      before: { itemCount: pack.item_count },
      after: { itemCount: pack.item_count - 1, unpackedItemId: item.id },
    });
    return responseOf(tx, id);
  });
}

/**
 * Closes a package: each item is checked again (it may have moved since it was packed), then a
 * store package's items are sent (→ `item_in_transit`, event `sent`) and a warehouse package's
 * dispatched (event `dispatched`, `dispatched_at`, out of any stock); a package with a label gets
 * its tracking number. Nothing is written if one item refuses.
 */
export async function closePackage(ctx: RequestContext, id: string): Promise<PackageResponse> {
  return transact(ctx, async (tx) => {
    const pack = await visiblePackage(tx, id, true);
    if (pack.status === 'closed') throw closed();
    const items = await repo.lockPackageItems(tx, id);
    if (items.length === 0)
      throw new AppError('package_empty', 'The package cannot be closed: it holds no item.');
    const now = new Date();
    for (const item of items) {
      const refusal = itemRefusal(pack.kind, item, pack.origin_organization_id);
      if (refusal) throw refused(refusal, item);
      if (pack.kind === 'store') await sendItem(tx, item, pack.number);
      else
        await recordItemEvent(tx, item, {
          reason: 'dispatched',
          comment: pack.number,
          columns: { dispatched_at: now },
          stockId: null,
        });
    }
    const tracking = pack.with_label ? trackingNumber(pack.number) : null;
    // a dispatched item is announced to its buyer resale webhooks (modules/webhooks)
    if (pack.kind !== 'store')
      for (const item of items)
        await announceBuybackEvent(tx, 'item.dispatched', item.buyback_id, {
          packageNumber: pack.number,
          trackingNumber: tracking,
        });
    await writePackage(tx, id, {
      status: 'closed',
      closed_at: now,
      closed_by: tx.actor.userId,
      tracking_number: tracking,
    });
    await audit(tx, {
      action: 'update',
      entityType: 'package',
      entityId: id,
      accountId: pack.account_id,
      before: { status: 'open' },
      after: { status: 'closed', trackingNumber: tracking, itemIds: items.map((i) => i.id) },
    });
    return responseOf(tx, id);
  });
}

/**
 * Whether an item may leave the user's current organisation, and in which package (before one is
 * chosen, `/expedition?itemId=`): the rules of packing without those of a given package.
 */
export async function checkEligibility(
  ctx: RequestContext,
  query: ExpeditionEligibilityQuery,
): Promise<ExpeditionEligibilityResponse> {
  const origin = await shippingOrigin(ctx);
  const item = await shippableItem(ctx, query.itemId ? { id: query.itemId } : { code: query.code ?? '' });
  const packed = await repo.findPackageOfItem(ctx, item.id, origin.kind);
  if (packed)
    throw new AppError(
      'expedition_already_processed',
      `${item.identification_number} is already in package ${packed.number}.`,
    );
  const refusal = itemRefusal(origin.kind, item, origin.id);
  if (refusal) throw refused(refusal, item);
  return {
    itemId: item.id,
    identificationNumber: item.identification_number,
    kind: origin.kind,
    needsLabel: origin.kind === 'store' && needsLabel(item.circuit_type),
    productName: item.product_name,
    buyback: { id: item.buyback_id, identificationNumber: item.buyback_identification_number },
  };
}
