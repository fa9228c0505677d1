import type { CreateCartInput } from '@reprise/shared';
import type { Cart } from './cart-store';

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
  };
}
