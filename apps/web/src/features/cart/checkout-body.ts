import type { CreateCartInput } from '@reprise/shared';
import type { Cart } from './cart-store';

/** A buyback whose parcel a carrier collects at the customer's (store_collect): its pick-up slot is asked. */
export const collected = (buyback: Cart['buybacks'][number]) =>
  buyback.shippingMethod.depositType === 'collect';

/** The body of `POST /carts` from the stored cart. */
export function checkoutBody(cart: Cart, iban: string): CreateCartInput {
  const customer = cart.customer;
  if (!customer || !cart.storeId) throw new Error('checkoutBody needs the customer and the store');
  return {
    channel: 'store',
    storeId: cart.storeId,
    buybacks: cart.buybacks.map((b) => ({
      inCartId: b.inCartId,
      productId: b.productId,
      answers: b.answers,
      imei: b.imei ?? undefined,
      shippingMethodId: b.shippingMethod.id,
      paymentModeId: b.paymentMethod.id,
    })),
    customer: { ...customer, iban: iban || null },
    iban: iban || null,
    ...(cart.pickupSlot && cart.buybacks.some(collected) ? { pickupSlot: cart.pickupSlot } : {}),
  };
}
