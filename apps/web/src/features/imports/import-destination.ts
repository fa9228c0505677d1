import { useParams } from 'react-router';
import { useCurrentUser } from '../../app/session';
import { useDestinationAccount, useOrganizationAccountId } from './imports.queries';

/** The catalogue a screen of routes.tsx imports into, and where its list and its new import are. */
export interface ImportDestination {
  /** The destination account; null while the organisation of `/imports/:organizationId` loads. */
  accountId: string | null;
  /** Its name, once known (the page header says whose catalogue it is). */
  accountName: string | null;
  listPath: string;
  newPath: string;
}

/**
 * `/accounts/:accountId/catalog-imports` names the account, `/imports/:organizationId` an
 * organisation of it, `/imports` the current module's account.
 */
export function useImportDestination(): ImportDestination {
  const { accountId: accountParam, organizationId } = useParams();
  const user = useCurrentUser();
  const organizationAccount = useOrganizationAccountId(organizationId ?? null);
  // the current module's account: a user may hold modules in two accounts (docs/data-access.md)
  const own = user.currentOrganization.account;
  const listPath = accountParam
    ? `/accounts/${accountParam}/catalog-imports`
    : organizationId
      ? `/imports/${organizationId}`
      : '/imports';
  const accountId = accountParam ?? (organizationId ? (organizationAccount.data ?? null) : own.id);
  const account = useDestinationAccount(accountId, accountId === own.id ? own : undefined);
  return {
    accountId,
    accountName: accountId ? (account.data?.name ?? null) : null,
    listPath,
    newPath: `${listPath}/new`,
  };
}
