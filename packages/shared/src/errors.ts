/** One list of error codes and their HTTP status. The client translates the code. */
export const ERROR_STATUS = {
  validation_failed: 422,
  bad_request: 400,
  /** A JSON body nested deeper than the server reads (docs/security.md, "Input validation"). */
  body_too_deep: 400,
  unauthenticated: 401,
  session_expired: 401,
  invalid_credentials: 401,
  sso_mandatory: 403,
  // the user's client account is inactive (docs/clients.md, "An inactive client")
  account_inactive: 403,
  // single sign-on (docs/single-sign-on.md)
  sso_organization_not_found: 404,
  sso_configuration_error: 422,
  sso_callback_failed: 401,
  sso_session_invalid: 401,
  sso_user_unknown: 403,
  no_permissions: 403,
  forbidden: 403,
  csrf_rejected: 403,
  not_found: 404,
  reset_link_invalid: 404,
  too_many_attempts: 429,
  email_not_unique: 422,
  external_id_not_unique: 422,
  password_unchanged: 422,
  immutable_field: 422,
  invalid_parent: 422,
  own_organization_protected: 422,
  identifier_not_unique: 422,
  category_not_deletable: 409,
  user_type_not_assignable: 422,
  module_not_held: 422,
  invalid_file: 422,
  file_too_large: 413,
  conflict: 409,
  // buyback configuration (circuits, payment modes, transfer order, shipping methods)
  premium_feature_required: 403,
  product_not_found: 404,
  no_transport_mode: 422,
  no_payment_mode: 422,
  no_warehouse: 422,
  store_drop_already_active: 409,
  store_drop_required: 422,
  store_drop_in_use: 409,
  transfer_order_unknown_variable: 422,
  // buybacks (wizard, creation, cart, statuses, documents)
  idempotency_key_invalid: 400,
  idempotency_key_reused: 422,
  no_questions: 422,
  diagnostic_error: 422,
  no_buyback_price: 422,
  imei_invalid: 422,
  // dashboard (docs/dashboard.md)
  week_invalid: 422,
  statistics_week_not_computed: 404,
  serial_number_invalid: 422,
  device_search_required: 422,
  imei_required: 422,
  shipping_method_not_available: 422,
  payment_mode_not_available: 422,
  configuration_error: 422,
  cart_too_many_items: 422,
  cart_below_minimum: 422,
  buyback_creation_failed: 500,
  transition_not_allowed: 409,
  buyback_cancelled: 409,
  predeclared_not_eligible: 409,
  payment_not_cancellable: 409,
  document_unavailable: 404,
  transfer_order_unavailable: 503,
  // public white-label site
  site_not_available: 404,
  site_slug_not_unique: 422,
  site_domain_not_unique: 422,
  featured_product_not_published: 422,
  terms_not_accepted: 422,
  channel_not_allowed: 403,
  category_navigation_disabled: 404,
  shipping_label_not_expected: 404,
  shipping_label_not_ready: 425,
  // transport (docs/transport.md): the carrier made no label; a carrier webhook refused
  shipping_label_unavailable: 410,
  carrier_label_failed: 422,
  shipment_not_cancellable: 409,
  webhook_signature_invalid: 401,
  webhook_timestamp_out_of_window: 401,
  webhook_replayed: 409,
  // translations of catalogue and home page texts (docs/translations.md)
  translation_of_base_language: 422,
  // warehouse: check-in, control, litigation, quarantine, loss, dispatch rules (issue 12)
  code_length_invalid: 422,
  item_not_found: 404,
  several_items_match: 409,
  item_status_mismatch: 409,
  item_already_checked_in: 409,
  item_not_registered: 409,
  checkin_disabled: 409,
  warehouse_comment_required: 422,
  litigation_already_resolved: 409,
  litigation_link_invalid: 404,
  no_open_litigation: 409,
  counter_offer_not_lower: 422,
  photo_required: 422,
  stock_not_in_warehouse: 422,
  same_stock: 422,
  not_lost: 409,
  customer_email_missing: 409,
  warehouse_not_in_account: 422,
  default_warehouse_not_destination: 422,
  at_least_one_condition: 422,
  // refurbishment, stocks and expeditions (issue 13)
  stock_name_exists: 422,
  native_stock_immutable: 409,
  stock_not_empty: 409,
  refurb_step_in_use: 409,
  erasure_method_required: 422,
  item_not_diagnosable: 409,
  item_already_diagnosed: 409,
  item_not_in_refurbishment: 409,
  refurb_step_changed: 412,
  precondition_required: 428,
  refurb_step_action_not_allowed: 409,
  refurb_steps_not_finished: 409,
  cancel_comment_required: 422,
  erasure_certificate_not_found: 404,
  expedition_already_processed: 409,
  expedition_not_awaiting_shipment: 409,
  expedition_no_manual_shipment: 409,
  expedition_item_needs_label: 409,
  expedition_item_no_label: 409,
  expedition_code_already_entered: 409,
  expedition_other_destination: 409,
  package_closed: 409,
  package_empty: 409,
  package_label_unavailable: 409,
  origin_not_shipping: 422,
  // connectors (issue 14): configurations and premium-feature actions
  connector_configuration_name_exists: 422,
  connector_configuration_active: 409,
  premium_action_unavailable: 404,
  // payments: relaunch, mark as paid, gift cards and vouchers at the counter (docs/payments.md)
  payment_not_relaunchable: 409,
  payment_not_markable_paid: 409,
  gift_card_not_found: 404,
  gift_card_expired: 409,
  gift_card_exhausted: 409,
  gift_card_cancelled: 409,
  gift_card_amount_above_balance: 422,
  voucher_whole_balance: 422,
  // buyer resale webhooks: the delivery log's redeliver (docs/connectors.md)
  webhook_delivery_pending: 409,
  webhook_configuration_inactive: 409,
  // bank transfers: batches, statements, the customer's IBAN link (docs/payments.md)
  transfer_batch_not_open: 409,
  transfer_batch_currency_unsupported: 422,
  bank_statement_invalid: 422,
  iban_link_invalid: 404,
  // client accounts of the platform administration (docs/clients.md): deleting one
  account_not_found: 404,
  still_active: 409,
  has_linked_buyers: 409,
  has_linked_retailers: 409,
  account_has_data: 409,
  internal_error: 500,
  // the database connection was lost or refused: the request may be sent again (Retry-After)
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export interface Violation {
  propertyPath: string;
  message: string;
  code: string;
}

/** The problem document of every refused request (its status from ERROR_STATUS above). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode | string;
  violations?: Violation[];
}
