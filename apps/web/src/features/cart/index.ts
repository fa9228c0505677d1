/** What other features use of this one: they import it from here, never from its other files. */

export { useBuybackSettings } from './cart.queries';
export { cartLimitsOf } from './cart-limits';
export { addBuyback, newId } from './cart-store';
export {
  CustomerFields,
  type CustomerFormValues,
  cartCustomerOf,
  customerFormValues,
} from './customer-form';
export { useCart } from './use-cart';
export { useOwnStoreId } from './use-own-store';
export { WizardFrame } from './wizard-frame';
