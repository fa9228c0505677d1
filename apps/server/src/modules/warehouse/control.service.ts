import {
  type AbsorptionType,
  CONTROL_PHOTO_KEY,
  CONTROL_PHOTO_MAX_BYTES,
  type CompleteControlRequest,
  type CompleteControlResponse,
  type ControlEstimateResponse,
  type ControlPhotoResponse,
  type ControlQuarantineRequest,
  type ControlSpecificationResponse,
  computePrice,
  type DiagnosticAnswerInput,
  type ItemResponse,
  type PricingInput,
  type ProductGrade,
} from '@reprise/shared';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { type RequestContext, type TxContext, transact } from '../../platform/request-context';
import { checkUpload } from '../../platform/uploads';
import * as items from '../buyback-lifecycle';
import { moveItem, recordItemEvent, requireStatus, resolveItem } from '../buyback-lifecycle';
import { checkAnswers, checkImei, findPricingContext, localizedQuestions } from '../buybacks';
import { productImageUrl } from '../catalog';
import * as facts from './control.repository';
import { type ControlDecision, controlDecision } from './control.rules';
import { toItemResponse } from './items.mapper';
import { controlPhoto, photoStorageKey, toLitigationResponse } from './litigation.mapper';
import * as litigations from './litigation.repository';
import { openLitigation } from './litigation.service';
import { putInQuarantine } from './quarantine.service';

/**
 * The warehouse control (homologation): the operator scans an item,
 * sees what was declared, answers the product's diagnostic questions again, and completes it. The
 * controlled price is the shared pricing module's (packages/shared/src/pricing) on the prices the
 * buyback was sold with (its `pricing_input`) and the operator's answers; the outcome is
 * control.rules.ts's: by price, absorption, or a counter-offer (litigation.service.ts).
 */

/** Statuses a control starts from (an item in transit too, when check-in is not mandatory). */
const STARTS_AT = ['item_registered_in_warehouse', 'item_to_reintegrate_to_stock'] as const;
const CONTROLLING = ['item_awaiting_compliancy_tests'] as const;

/**
 * `POST /warehouse/control/start`: the item under this code, moved to awaiting compliancy tests
 * (a control already started resumes). An item still in transit is registered first, unless its
 * retailer makes check-in mandatory (`item_not_registered`; not for platform admins, for whom
 * check-in counts as disabled).
 */
export async function startControl(ctx: RequestContext, code: string): Promise<ItemResponse> {
  return transact(ctx, async (tx) => {
    const item = await resolveItem(tx, { code }, { forUpdate: true });
    if (item.status === 'item_in_transit') {
      // check-in counts as disabled for platform admins: they register it here
      const requirement = tx.actor.isPlatform
        ? 'disabled'
        : await items.findCheckinRequirement(tx, item.account_id);
      if (requirement === 'mandatory')
        throw new AppError('item_not_registered', 'The product was not registered before the test.');
      if (!item.warehouse_id) throw new AppError('item_status_mismatch', 'The item has no warehouse.');
      const stock = await items.findNativeStock(tx, item.warehouse_id, 'awaiting_control');
      await moveItem(tx, item, {
        to: 'item_registered_in_warehouse',
        reason: 'checkin_at_control',
        stockId: stock?.id ?? null,
        columns: { registered_at: new Date() },
      });
    }
    if (item.status !== 'item_awaiting_compliancy_tests') {
      requireStatus(item, STARTS_AT);
      await moveItem(tx, item, { to: 'item_awaiting_compliancy_tests', reason: 'control_started' });
    }
    return toItemResponse((await items.findItem(tx, item.id)) ?? item);
  });
}

interface Evaluation {
  controlledState: ProductGrade;
  controlledPriceCents: number;
  impactPriceEntries: { label: string; valueCents: number }[];
  snapshot: ReturnType<typeof checkAnswers>['snapshot'];
  decision: ControlDecision;
  tacCodes: string[];
}

/** The product's questionnaire as it is now (any status: a product unpublished since is still controlled). */
async function questionnaireOf(ctx: RequestContext, item: items.ItemRow) {
  const product = await findPricingContext(ctx, item.account_id, item.product_id);
  if (!product) throw new AppError('product_not_found', 'This product no longer exists.');
  return product;
}

async function controlFactsOf(ctx: RequestContext, item: items.ItemRow): Promise<facts.ControlFacts> {
  const found = await facts.findControlFacts(ctx, item.buyback_id);
  if (!found) throw notFound('buyback');
  return found;
}

const absorptionOf = (found: facts.ControlFacts) => ({
  type: found.absorption_type as AbsorptionType,
  value: found.absorption_value,
  premiumEnabled: (found.enabled_premium_features ?? []).includes('absorption'),
});

/** The operator's answers priced on the buyback's own pricing snapshot, and the outcome they lead to. */
async function evaluate(
  ctx: RequestContext,
  item: items.ItemRow,
  found: facts.ControlFacts,
  answers: DiagnosticAnswerInput[],
): Promise<Evaluation> {
  const product = await questionnaireOf(ctx, item);
  const { pricingAnswers, snapshot } = checkAnswers(product.questions, answers);
  const sold = found.pricing_input as PricingInput;
  if (!sold || typeof sold !== 'object' || !sold.prices)
    throw new AppError('configuration_error', 'This buyback has no price snapshot to control against.');
  const breakdown = computePrice({ ...sold, answers: pricingAnswers });
  return {
    controlledState: breakdown.declaredState,
    controlledPriceCents: breakdown.totalCents,
    impactPriceEntries: breakdown.impactPriceEntries,
    snapshot,
    decision: controlDecision(
      { declaredCents: found.total_cents, controlledCents: breakdown.totalCents },
      absorptionOf(found),
    ),
    tacCodes: product.tac_codes,
  };
}

/** `GET /warehouse/control/{itemId}`: what the control's steps show. */
export async function getControlSpecification(
  ctx: RequestContext,
  itemId: string,
): Promise<ControlSpecificationResponse> {
  const item = await resolveItem(ctx, { id: itemId });
  const [found, product, litigation] = await Promise.all([
    controlFactsOf(ctx, item),
    questionnaireOf(ctx, item),
    litigations.findLatestLitigation(ctx, item.buyback_id),
  ]);
  return {
    item: toItemResponse(item),
    declared: {
      state: found.declared_state as ProductGrade,
      priceCents: found.total_cents,
      answers: found.answers,
    },
    questions: localizedQuestions(product.questions, ctx.locale),
    isCollectingImei: product.is_collecting_imei,
    photos: {
      productImageUrl: productImageUrl(item.product_id, item.product_image_key),
      counterOffer: litigation ? litigation.photo_keys.map((key) => controlPhoto(item.id, key)) : [],
    },
    absorption: absorptionOf(found),
    comment: {
      mandatory: found.is_warehouse_comment_mandatory ?? false,
      sharedWithClient: found.is_warehouse_comment_shared_to_client ?? false,
    },
    litigation: litigation ? toLitigationResponse(litigation) : null,
  };
}

/** `POST /warehouse/control/{itemId}/estimate`: the controlled state and price, and the outcome. */
export async function estimateControl(
  ctx: RequestContext,
  itemId: string,
  answers: DiagnosticAnswerInput[],
): Promise<ControlEstimateResponse> {
  const item = await resolveItem(ctx, { id: itemId });
  const found = await controlFactsOf(ctx, item);
  const result = await evaluate(ctx, item, found, answers);
  return {
    declaredState: found.declared_state as ProductGrade,
    declaredPriceCents: found.total_cents,
    controlledState: result.controlledState,
    controlledPriceCents: result.controlledPriceCents,
    impactPriceEntries: result.impactPriceEntries,
    outcome: result.decision.outcome,
    validatedPriceCents: result.decision.validatedPriceCents,
    absorbedCents: result.decision.absorbedCents,
    absorptionAllowanceCents: result.decision.allowanceCents,
  };
}

/** A counter-offer's photos must be those uploaded for this item (control photos), at least one. */
async function checkPhotos(ctx: RequestContext, itemId: string, keys: string[]): Promise<void> {
  const message = 'A counter-offer needs at least one photo of the product.';
  if (keys.length === 0)
    throw new AppError('photo_required', message, [
      { propertyPath: 'counterOffer.photoKeys', message, code: 'photo_required' },
    ]);
  const missing: number[] = [];
  for (const [index, key] of keys.entries())
    if (!(await ctx.deps.storage.get(photoStorageKey(itemId, key)))) missing.push(index);
  if (missing.length)
    throw new AppError(
      'photo_required',
      'A photo was not uploaded for this item.',
      missing.map((index) => ({
        propertyPath: `counterOffer.photoKeys.${index}`,
        message: 'This photo was not uploaded for this item.',
        code: 'photo_required',
      })),
    );
}

/**
 * `POST /warehouse/control/{itemId}/complete`: records the control and ends it by its outcome:
 * completed by price or with absorption (the buyback follows), or a counter-offer (the item stays
 * awaiting compliancy tests until the customer answers).
 */
export async function completeControl(
  ctx: RequestContext,
  itemId: string,
  input: CompleteControlRequest,
): Promise<CompleteControlResponse> {
  return transact(ctx, async (tx: TxContext) => {
    const item = await resolveItem(tx, { id: itemId }, { forUpdate: true });
    requireStatus(item, CONTROLLING);
    if (await litigations.findOpenLitigation(tx, item.buyback_id))
      throw new AppError('item_status_mismatch', "A counter-offer awaits the customer's answer.");
    const found = await controlFactsOf(tx, item);
    const result = await evaluate(tx, item, found, input.answers);
    if (found.is_warehouse_comment_mandatory && !input.comment)
      throw fieldError('warehouse_comment_required', 'comment', 'The warehouse comment is required.');
    const imei =
      input.imei === undefined
        ? item.imei
        : checkImei(input.imei, { tacCodes: result.tacCodes, imeiRequired: false }).imei;
    const { decision } = result;
    const columns: items.ItemColumns = {
      controlled_at: new Date(),
      controlled_by: tx.actor.userId,
      controlled_state: result.controlledState,
      controlled_answers: JSON.stringify(result.snapshot),
      controlled_price_cents: result.controlledPriceCents,
      warehouse_comment: input.comment,
      warehouse_comment_shared:
        Boolean(input.comment) && (found.is_warehouse_comment_shared_to_client ?? false),
      imei,
      serial_number: input.serialNumber ?? item.serial_number,
    };
    if (decision.outcome !== 'counter_offer' && input.counterOffer)
      throw new AppError(
        'counter_offer_not_lower',
        decision.outcome === 'by_price'
          ? 'No counter-offer: the controlled price is not lower than the declared one.'
          : 'No counter-offer: the difference is absorbed.',
      );
    let litigation: CompleteControlResponse['litigation'] = null;
    if (decision.outcome === 'counter_offer') {
      const offer = input.counterOffer;
      if (!offer) {
        const message = 'A counter-offer needs its reason and at least one photo of the product.';
        throw new AppError('photo_required', message, [
          { propertyPath: 'counterOffer.reason', message: 'required', code: 'required' },
          { propertyPath: 'counterOffer.photoKeys', message, code: 'photo_required' },
        ]);
      }
      await checkPhotos(tx, item.id, offer.photoKeys);
      await recordItemEvent(tx, item, { reason: 'counter_offer', comment: input.comment, columns });
      litigation = await openLitigation(tx, item, {
        reason: offer.reason,
        photoKeys: [...new Set(offer.photoKeys)],
        declaredPriceCents: found.total_cents,
        proposedPriceCents: decision.validatedPriceCents,
      });
    } else {
      await moveItem(tx, item, {
        to: decision.outcome === 'by_price' ? 'item_completed_by_price' : 'item_completed_with_absorption',
        reason: 'control',
        comment: input.comment,
        columns: {
          ...columns,
          validated_price_cents: decision.validatedPriceCents,
          absorbed_cents: decision.absorbedCents,
        },
      });
    }
    const after = await items.findItem(tx, item.id);
    return { item: toItemResponse(after ?? item), outcome: decision.outcome, litigation };
  });
}

/** `POST /warehouse/control/{itemId}/photos`: a proof photo (JPG or PNG by content, up to 5 MB), stored under the item. */
export async function uploadControlPhoto(
  ctx: RequestContext,
  itemId: string,
  data: Buffer,
): Promise<ControlPhotoResponse> {
  const item = await resolveItem(ctx, { id: itemId });
  requireStatus(item, CONTROLLING);
  const extension = await checkUpload(data, ['jpg', 'png'], CONTROL_PHOTO_MAX_BYTES);
  const stored = await ctx.deps.storage.put(`item-${item.id}`, extension, data);
  return controlPhoto(item.id, stored.slice(stored.indexOf('/') + 1));
}

/** `GET /warehouse/control/{itemId}/photos/{key}`: a proof photo of an item the actor sees. */
export async function readControlPhoto(
  ctx: RequestContext,
  itemId: string,
  key: string,
): Promise<{ key: string; data: Buffer }> {
  const item = await resolveItem(ctx, { id: itemId });
  const data = CONTROL_PHOTO_KEY.test(key) ? await ctx.deps.storage.get(photoStorageKey(item.id, key)) : null;
  if (!data) throw notFound('photo');
  return { key, data };
}

/** `POST /warehouse/control/{itemId}/quarantine`: the controlled item is put aside (locked, stolen…). */
export async function quarantineFromControl(
  ctx: RequestContext,
  itemId: string,
  input: ControlQuarantineRequest,
): Promise<ItemResponse> {
  return transact(ctx, async (tx) => {
    const item = await resolveItem(tx, { id: itemId }, { forUpdate: true });
    if (await litigations.findOpenLitigation(tx, item.buyback_id))
      throw new AppError('item_status_mismatch', "A counter-offer awaits the customer's answer.");
    await putInQuarantine(tx, item, { reason: input.reason, comment: input.comment });
    return toItemResponse((await items.findItem(tx, item.id)) ?? item);
  });
}
