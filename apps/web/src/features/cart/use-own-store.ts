import { useCurrentUser } from '../../app/session';
import { CART_PANEL_USER_TYPES } from './cart-panel';

/** A store seller or manager buys back for their own store; others choose one of the stores they see (null). */
export function useOwnStoreId(): string | null {
  const user = useCurrentUser();
  const userType = user.modules[user.currentModule];
  return userType && (CART_PANEL_USER_TYPES as readonly string[]).includes(userType)
    ? user.currentOrganization.id
    : null;
}
