/** What other features use of this one: they import it from here, never from its other files. */
export { countryOptions } from './countries';
export { OrganizationSelect } from './organization-select';
export { useOrganizations } from './organizations.queries';
