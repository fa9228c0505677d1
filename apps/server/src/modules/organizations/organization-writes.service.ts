import { randomUUID } from 'node:crypto';
import {
  type CreateOrganizationRequest,
  ERROR_STATUS,
  type ErrorCode,
  MODULE_OF_ORGANIZATION_TYPE,
  type OrganizationResponse,
  type OrganizationType,
  type PatchOrganizationRequest,
  type Status,
  type Violation,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { type RequestContext, type TxContext, transact } from '../../platform/request-context';
import {
  immutableViolations,
  isTreeRoot,
  ownBranchViolations,
  type ParentRefusal,
  parentRefusal,
  pathUnder,
} from './organization-rules';
import {
  type OrganizationRow,
  toOrganizationColumns,
  toOrganizationResponse,
  toTreePlace,
} from './organizations.mapper';
import * as repo from './organizations.repository';

const PARENT_REFUSALS: Record<ParentRefusal | 'parent_not_found', string> = {
  parent_not_found: 'The parent organisation does not exist or is out of your reach.',
  parent_required: 'An organisation of this type needs a parent organisation.',
  root_has_no_parent: 'A root management unit or a buyer is a tree root: it has no parent.',
  parent_type_not_allowed: 'An organisation of this type cannot attach to a parent of that type.',
  parent_in_other_account: 'The parent organisation belongs to another account.',
  parent_is_itself_or_descendant: 'An organisation cannot move under itself or one of its descendants.',
};

const parentViolation = (reason: ParentRefusal | 'parent_not_found'): Violation => ({
  propertyPath: 'parentOrganizationId',
  message: PARENT_REFUSALS[reason],
  code: 'invalid_parent',
});

/**
 * One 422 with every violation; its code is the first that names a 422 of the catalogue
 * (`account_not_found` is a 404 when the account is the resource, docs/clients.md, but a field's
 * fault here).
 */
function reject(violations: Violation[]): never {
  const code = (violations.find((v) => ERROR_STATUS[v.code as ErrorCode] === 422)?.code ??
    'validation_failed') as ErrorCode;
  throw new AppError(code, violations.map((v) => v.message).join(' '), violations);
}

/** The referenced buyer must be a buyer, the default warehouse a warehouse (in any account). */
async function referenceViolations(
  tx: TxContext,
  refs: { buyer?: string | null; defaultWarehouse?: string | null },
): Promise<Violation[]> {
  const violations: Violation[] = [];
  const check = async (
    id: string | null | undefined,
    type: OrganizationType,
    propertyPath: string,
    code: string,
  ) => {
    if (!id) return;
    const found = await repo.findReferencedOrganization(tx, id);
    if (found?.type !== type)
      violations.push({ propertyPath, message: `This organisation is not a ${type}.`, code });
  };
  await check(refs.buyer, 'buyer', 'buyer', 'not_a_buyer');
  await check(refs.defaultWarehouse, 'warehouse', 'defaultWarehouse', 'not_a_warehouse');
  return violations;
}

async function externalIdViolations(
  tx: TxContext,
  accountId: string,
  externalId: string | null | undefined,
  exceptId?: string,
) {
  if (!externalId || !(await repo.isExternalIdTaken(tx, accountId, externalId, exceptId))) return [];
  return [
    {
      propertyPath: 'externalId',
      message: 'This external id is already used in the account.',
      code: 'external_id_not_unique',
    },
  ];
}

async function reload(tx: TxContext, id: string): Promise<OrganizationRow> {
  const row = await repo.findVisibleOrganization(tx, id);
  if (!row) throw notFound('organisation');
  return row;
}

/** The account a new organisation goes in: the one an operator names, else its parent's, else the actor's. */
async function targetAccount(
  tx: TxContext,
  input: CreateOrganizationRequest,
  parent: OrganizationRow | undefined,
): Promise<string> {
  const { actor } = tx;
  const accountId = input.accountId ?? parent?.account_id ?? (actor.isPlatform ? undefined : actor.accountId);
  if (!accountId) {
    reject([
      { propertyPath: 'accountId', message: 'Choose the account of the organisation.', code: 'required' },
      ...(isTreeRoot(input.type) ? [] : [parentViolation('parent_required')]),
    ]);
  }
  if (input.accountId && !(await repo.accountExists(tx, input.accountId))) {
    reject([
      { propertyPath: 'accountId', message: 'This account does not exist.', code: 'account_not_found' },
    ]);
  }
  return accountId;
}

/**
 * Creates an organisation under a visible parent of an allowed type, in the parent's account.
 * Tree roots (root management unit, buyer) are created by platform operators only, one root
 * management unit per account.
 */
export async function createOrganization(
  ctx: RequestContext,
  input: CreateOrganizationRequest,
): Promise<OrganizationResponse> {
  if (isTreeRoot(input.type) && !ctx.actor.isPlatform)
    throw forbidden('Only a platform operator creates a tree root.');
  return transact(ctx, async (tx) => {
    const parentId = input.parentOrganizationId;
    const found = parentId ? await repo.findVisibleOrganization(tx, parentId) : undefined;
    if (parentId && !found) reject([parentViolation('parent_not_found')]);
    const accountId = await targetAccount(tx, input, found);
    await repo.lockAccountTree(tx, accountId);
    // read again under the lock: a concurrent move may have changed the parent's path
    const parent = parentId ? await reload(tx, parentId) : undefined;

    const violations: Violation[] = [];
    const refusal = parentRefusal(input.type, accountId, parent ? toTreePlace(parent) : null);
    if (refusal) violations.push(parentViolation(refusal));
    if (input.type === 'root_management_unit' && (await repo.hasRootManagementUnit(tx, accountId))) {
      violations.push({
        propertyPath: 'type',
        message: 'The account already has its root management unit.',
        code: 'invalid_parent',
      });
    }
    violations.push(
      ...(await referenceViolations(tx, { buyer: input.buyer, defaultWarehouse: input.defaultWarehouse })),
    );
    violations.push(...(await externalIdViolations(tx, accountId, input.externalId)));
    if (violations.length) reject(violations);

    const id = randomUUID();
    await repo.insertOrganization(tx, {
      ...toOrganizationColumns(input),
      id,
      account_id: accountId,
      parent_organization_id: parent?.id ?? null,
      path: pathUnder(parent?.path ?? null, id),
      type: input.type,
      module_type: MODULE_OF_ORGANIZATION_TYPE[input.type],
      common_name: input.commonName,
      buyer_id: input.buyer,
    });
    const after = toOrganizationResponse(await reload(tx, id));
    await audit(tx, {
      action: 'create',
      entityType: 'organization',
      entityId: id,
      accountId,
      after,
    });
    return after;
  });
}

/**
 * Applies a merge-patch. Type and buyer are immutable; a new parent follows the creation rules
 * and may not lie in the organisation's own subtree; a move rewrites the subtree's paths. The
 * actor's own organisation and those above it are never deactivated or moved by the actor.
 */
export async function updateOrganization(
  ctx: RequestContext,
  id: string,
  patch: PatchOrganizationRequest,
): Promise<OrganizationResponse> {
  return transact(ctx, async (tx) => {
    const seen = await repo.findVisibleOrganization(tx, id);
    if (!seen) throw notFound('organisation');
    // a patch naming a parent may move the organisation: serialise it with the account's other tree writes
    if (patch.parentOrganizationId !== undefined) await repo.lockAccountTree(tx, seen.account_id);
    const current = await repo.findVisibleOrganization(tx, id, { forUpdate: true });
    if (!current) throw notFound('organisation');
    const place = toTreePlace(current);
    const moving =
      patch.parentOrganizationId !== undefined &&
      patch.parentOrganizationId !== current.parent_organization_id;

    const violations = [
      ...immutableViolations({ type: place.type, buyer: current.buyer_id }, patch),
      ...ownBranchViolations(
        ctx.actor.organizationPath,
        { path: current.path, status: current.status as Status },
        { deactivates: patch.status === 'inactive', moves: moving },
      ),
    ];
    let parent: OrganizationRow | undefined;
    if (moving && patch.parentOrganizationId) {
      parent = await repo.findVisibleOrganization(tx, patch.parentOrganizationId);
      if (!parent) violations.push(parentViolation('parent_not_found'));
    }
    if (moving && (parent || !patch.parentOrganizationId)) {
      const refusal = parentRefusal(place.type, place.accountId, parent ? toTreePlace(parent) : null, place);
      if (refusal) violations.push(parentViolation(refusal));
    }
    if (patch.defaultWarehouse !== undefined && patch.defaultWarehouse !== current.default_warehouse_id) {
      violations.push(...(await referenceViolations(tx, { defaultWarehouse: patch.defaultWarehouse })));
    }
    if (patch.externalId !== undefined && patch.externalId !== current.external_id) {
      violations.push(...(await externalIdViolations(tx, place.accountId, patch.externalId, id)));
    }
    if (violations.length) reject(violations);

    const before = toOrganizationResponse(current);
    await repo.updateOrganization(tx, id, {
      ...toOrganizationColumns(patch),
      ...(moving ? { parent_organization_id: parent?.id ?? null } : {}),
    });
    if (moving) await repo.moveSubtree(tx, current.path, pathUnder(parent?.path ?? null, id));
    const after = toOrganizationResponse(await reload(tx, id));
    await audit(tx, {
      action: 'update',
      entityType: 'organization',
      entityId: id,
      accountId: place.accountId,
      before,
      after,
    });
    return after;
  });
}
