import { useSyncExternalStore } from 'react';
import { useSession } from '../../app/session';
import { type Cart, readCart, setCartUser, subscribeCart } from './cart-store';

/** The signed-in user's cart (null when empty or expired), following every change, in any tab. */
export function useCart(): Cart | null {
  const { user } = useSession();
  // Set during render, like the API module, so the first read already knows whose cart it is.
  setCartUser(user?.id ?? null);
  return useSyncExternalStore(subscribeCart, () => readCart());
}
