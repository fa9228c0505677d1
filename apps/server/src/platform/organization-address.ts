/** The columns of an organisation's postal address (organizations). */
interface OrganizationAddressColumns {
  corporate_name: string | null;
  common_name: string;
  street: string | null;
  street_more: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
}

/**
 * An organisation's postal address as labels, documents and carriers print it: named by its
 * corporate name, else its common name (each part typed as the row has it).
 */
export function organizationAddress<O extends OrganizationAddressColumns>(org: O) {
  return {
    name: org.corporate_name ?? org.common_name,
    street: org.street,
    streetMore: org.street_more,
    zip: org.zip,
    city: org.city,
    country: org.country,
  };
}
