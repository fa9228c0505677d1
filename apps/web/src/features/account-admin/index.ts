/** What other features use of this one: they import it from here, never from its other files. */
export { useClientAccount } from './account-admin.queries';
