/** An identity document as typed in a cart's customer form. */
export interface TypedIdentification {
  type: string;
  number: string;
  deliveryDate: string;
  issuingAuthority: string;
}

/**
 * The customer as typed in a cart's customer form, on the public site and in the back office
 * (validated with the shared customer schema before the summary or the checkout); each cart says
 * whether the identity document may be missing.
 */
export interface TypedCustomer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string;
  streetMore: string;
  zip: string;
  city: string;
  country: string;
}
