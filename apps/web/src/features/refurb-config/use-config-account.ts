import { PLATFORM_USER_TYPES } from '@reprise/shared';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/session';
import { useConfigAccounts } from './refurb-config.queries';

/** A path of the feature, keeping the buyer account a platform operator chose (`?account=`). */
export const withAccount = (path: string, account: string | null) =>
  account ? `${path}?account=${encodeURIComponent(account)}` : path;

/** Platform operators (admin, super admin) name the buyer account they configure. */
function useIsPlatformOperator(): boolean {
  const { user } = useSession();
  // in the current module: a user holding another module too is an operator only in the root one
  const userType = user ? user.modules[user.currentModule] : undefined;
  return userType !== undefined && PLATFORM_USER_TYPES.includes(userType);
}

/**
 * Whose services and questions the screen shows: a warehouse user's own account; a platform
 * operator chooses a buyer account, kept in the address (`?account=`).
 */
export function useConfigAccount() {
  const isPlatform = useIsPlatformOperator();
  const [params, setParams] = useSearchParams();
  const account = isPlatform ? params.get('account') : null;
  const accounts = useConfigAccounts(isPlatform);
  const setAccount = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('account', value);
        else next.delete('account');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  return {
    isPlatform,
    account,
    /** The configuration can be read: a user's own account, or the operator has chosen one. */
    ready: !isPlatform || account !== null,
    accounts: accounts.data?.member ?? [],
    setAccount,
  };
}
