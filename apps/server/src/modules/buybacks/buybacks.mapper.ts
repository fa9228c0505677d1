import {
  type BuybackAllowedActions,
  type BuybackListItem,
  type BuybackResponse,
  type BuybackStatus,
  type ItemStatus,
  PREDECLARATION_WARNING_DAYS,
} from '@reprise/shared';
import type { Actor } from '../../platform/context';
import { can } from '../../platform/context';
import {
  canBeLostAt,
  canTransition,
  isSendable,
  LOST_ITEM_STATUSES,
  RETURN_LABEL_STATUSES,
} from '../buyback-lifecycle';
import { productImageUrl } from '../catalog';
import type { BuybackListRow } from './buyback-list.repository';
import type { BuybackDetailRow } from './buybacks.repository';

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** A pre-declared buyback older than 15 days: prices may have changed. */
export function predeclarationOutdated(
  row: { predeclared: boolean; created_at: Date },
  now = Date.now(),
): boolean {
  return (
    row.predeclared && now - new Date(row.created_at).getTime() > PREDECLARATION_WARNING_DAYS * 86_400_000
  );
}

/** What the actor may do with the buyback now (its permissions and the transition table). */
function allowedActionsOf(actor: Actor, row: BuybackDetailRow): BuybackAllowedActions {
  const status = row.status as BuybackStatus;
  const itemStatus = row.item_status as ItemStatus;
  const live = status !== 'bb_cancelled';
  return {
    cancel: can(actor, 'buyback.cancel') && canTransition('buyback', status, 'bb_cancelled'),
    markLost:
      can(actor, 'item.mark_lost_store') &&
      canTransition('item', itemStatus, 'item_lost_store') &&
      canTransition('buyback', status, 'bb_not_completed'),
    downloadTransferOrder: live && !row.predeclared,
    downloadVoucher: live && !row.predeclared && row.payment_type === 'voucher' && row.voucher_code !== null,
    downloadDropSlip: live && row.predeclared && status === 'bb_awaiting_store_drop',
    finalize:
      can(actor, 'buyback.predeclared_access') && row.predeclared && status === 'bb_awaiting_store_drop',
    markLostTransport: can(actor, 'item.mark_lost_transport') && live && canBeLostAt('transport', itemStatus),
    markLostWarehouse: can(actor, 'item.mark_lost_warehouse') && live && canBeLostAt('warehouse', itemStatus),
    revertLoss: can(actor, 'item.revert_loss') && LOST_ITEM_STATUSES.includes(itemStatus),
    sendQuarantineMail:
      can(actor, 'quarantine.send_mail') &&
      itemStatus === 'item_in_quarantine' &&
      Boolean(row.customer_email),
    downloadReturnLabel:
      (can(actor, 'buyback.detail') ||
        can(actor, 'quarantine.transition') ||
        can(actor, 'buyback_item.control')) &&
      RETURN_LABEL_STATUSES.includes(itemStatus),
    markReturned:
      (can(actor, 'quarantine.transition') || can(actor, 'buyback_item.control')) &&
      itemStatus === 'item_to_return',
    resendLitigationMail: can(actor, 'quarantine.send_mail') && row.has_open_litigation,
    send: can(actor, 'buyback_item.send') && live && isSendable(itemStatus),
  };
}

export function toBuybackResponse(actor: Actor, row: BuybackDetailRow): BuybackResponse {
  return {
    id: row.id,
    identificationNumber: row.identification_number,
    externalCode: row.external_code,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    channel: row.channel as BuybackResponse['channel'],
    circuit: {
      id: row.circuit_id,
      name: row.circuit_name,
      type: row.circuit_type as BuybackResponse['circuit']['type'],
      depositType: row.deposit_type as BuybackResponse['circuit']['depositType'],
    },
    status: row.status as BuybackResponse['status'],
    paymentStatus: row.payment_status as BuybackResponse['paymentStatus'],
    paymentType: row.payment_type as BuybackResponse['paymentType'],
    paymentMode: {
      id: row.payment_mode_id,
      label: row.payment_mode_label,
      type: row.payment_type as BuybackResponse['paymentType'],
    },
    store: row.store_id ? { id: row.store_id, commonName: row.store_common_name ?? '' } : null,
    // the warehouse the buyback is sent to (docs/glossary.md), as its additional infos and its
    // warehouse users' visibility read it; `buybacks.warehouse_id` keeps the circuit's at creation
    warehouseId: row.destination_warehouse_id,
    destinationWarehouse: row.destination_warehouse_id
      ? { id: row.destination_warehouse_id, commonName: row.destination_warehouse_name ?? '' }
      : null,
    warehouseDispatchRule: row.warehouse_dispatch_rule_id
      ? { id: row.warehouse_dispatch_rule_id, title: row.warehouse_dispatch_rule_title ?? '' }
      : null,
    buyer: { id: row.buyer_account_id, name: row.buyer_name },
    category: { id: row.category_id, label: row.category_label },
    product: {
      id: row.product_id,
      name: row.product_name,
      brand: row.product_brand,
      model: row.product_model,
      imageUrl: productImageUrl(row.product_id, row.product_image_key),
    },
    customer: {
      firstName: row.customer_first_name,
      lastName: row.customer_last_name,
      email: row.customer_email,
      phone: row.customer_phone,
      street: row.customer_street,
      streetMore: row.customer_street_more,
      zip: row.customer_zip,
      city: row.customer_city,
      country: row.customer_country,
      identification:
        row.identification_type && row.customer_identification_number
          ? {
              type: row.identification_type as NonNullable<
                BuybackResponse['customer']['identification']
              >['type'],
              number: row.customer_identification_number,
              deliveryDate: row.identification_delivery_date,
              issuingAuthority: row.identification_issuing_authority,
            }
          : null,
    },
    ibanMasked: row.iban_masked,
    answers: row.answers,
    imei: row.imei,
    imeiTacMismatch: row.imei_tac_mismatch,
    declaredState: row.declared_state as BuybackResponse['declaredState'],
    basePriceCents: row.base_price_cents,
    impactPriceEntries: row.impact_price_entries,
    estimatedPriceCents: row.estimated_price_cents,
    paymentModifierCents: row.payment_modifier_cents,
    shippingModifierCents: row.shipping_modifier_cents,
    bonusCents: row.bonus_cents,
    totalCents: row.total_cents,
    item: {
      id: row.item_id,
      identificationNumber: row.item_identification_number,
      status: row.item_status as BuybackResponse['item']['status'],
    },
    cartId: row.cart_id,
    cancelReason: row.cancel_reason as BuybackResponse['cancelReason'],
    cancelComment: row.cancel_comment,
    cancelledAt: row.cancelled_at ? iso(row.cancelled_at) : null,
    // issued at the counter: a pre-declared buyback shows none (older rows may hold one already)
    voucherCode: row.predeclared ? null : row.voucher_code,
    predeclared: row.predeclared,
    predeclarationOutdated: predeclarationOutdated(row),
    // the public site's visitor is never told what the stolen-device check found
    deviceCheckFlag:
      actor.userType === 'pseudo_anonymous'
        ? null
        : (row.device_check_flag as BuybackResponse['deviceCheckFlag']),
    transferOrderNumberOfCopy: row.transfer_order_copies,
    createdBy: row.created_by
      ? { id: row.created_by, name: row.created_by_name ?? row.created_by_email ?? '' }
      : null,
    allowedActions: allowedActionsOf(actor, row),
  };
}

export function toBuybackListItem(row: BuybackListRow): BuybackListItem {
  return {
    id: row.id,
    identificationNumber: row.identification_number,
    externalCode: row.external_code,
    createdAt: iso(row.created_at),
    channel: row.channel as BuybackListItem['channel'],
    status: row.status as BuybackListItem['status'],
    paymentStatus: row.payment_status as BuybackListItem['paymentStatus'],
    paymentType: row.payment_type as BuybackListItem['paymentType'],
    circuit: {
      id: row.circuit_id,
      name: row.circuit_name,
      type: row.circuit_type as BuybackListItem['circuit']['type'],
    },
    store: row.store_id ? { id: row.store_id, commonName: row.store_common_name ?? '' } : null,
    product: {
      id: row.product_id,
      name: row.product_name,
      brand: row.product_brand,
      model: row.product_model,
      imageUrl: productImageUrl(row.product_id, row.product_image_key),
    },
    customerName: `${row.first_name} ${row.last_name}`,
    totalCents: row.total_cents,
    predeclared: row.predeclared,
    deviceCheckFlag: row.device_check_flag as BuybackListItem['deviceCheckFlag'],
  };
}
