import { PLATFORM_USER_TYPES } from '@reprise/shared';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/session';
import { useWarehouseDispatchAccounts } from './warehouse-dispatch.queries';

/** A path of the feature, keeping the buyer account a platform operator chose (`?accountId=`). */
export const withAccount = (path: string, accountId: string | null) =>
  accountId ? `${path}?accountId=${encodeURIComponent(accountId)}` : path;

/** Platform operators (admin, super admin) name the buyer account whose rules they work on. */
export function useIsPlatformOperator(): boolean {
  const { user } = useSession();
  // in the current module: a user holding another module too is an operator only in the root one
  const userType = user ? user.modules[user.currentModule] : undefined;
  return userType !== undefined && PLATFORM_USER_TYPES.includes(userType);
}

/**
 * Whose rules the screen shows: a buyer's and a warehouse's users see their own account's; a
 * platform operator chooses a buyer account, kept in the address (`?accountId=`).
 */
export function useRuleAccount() {
  const isPlatform = useIsPlatformOperator();
  const [params, setParams] = useSearchParams();
  const accountId = isPlatform ? params.get('accountId') : null;
  const accounts = useWarehouseDispatchAccounts(isPlatform);
  const setAccountId = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('accountId', value);
        else next.delete('accountId');
        return next;
      },
      { replace: true },
    );
  return {
    isPlatform,
    accountId,
    /** The rules can be read: a user's own account, or the operator has chosen one. */
    ready: !isPlatform || accountId !== null,
    accounts: accounts.data?.member ?? [],
    setAccountId,
  };
}
