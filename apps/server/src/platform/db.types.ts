import type { Translations } from '@reprise/shared';
import type { ColumnType, Generated, Kysely } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** A `translations` jsonb column (migration 014): written as JSON text. */
type TranslationsColumn = ColumnType<Translations, string | undefined, string>;

export interface AccountsTable {
  id: Generated<string>;
  name: string;
  company_country: Generated<string>;
  language: Generated<string>;
  currency: Generated<string>;
  email_dpo: string | null;
  main_color: Generated<string>;
  logo_key: string | null;
  favicon_key: string | null;
  is_buyer_and_workshops_supervisor: Generated<boolean>;
  is_retailer: Generated<boolean>;
  is_platform: Generated<boolean>;
  site_slug: string | null;
  site_active: Generated<boolean>;
  site_domain: Generated<string | null>;
  status: Generated<string>;
  /** Migration 030: the modules the account works in (docs/clients.md). */
  modules: Generated<string[]>;
  payment_issuer: Generated<boolean>;
  transport_contract_holder: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface OrganizationsTable {
  id: Generated<string>;
  account_id: string;
  parent_organization_id: string | null;
  path: string;
  type: string;
  module_type: string;
  common_name: string;
  corporate_name: string | null;
  siret: string | null;
  capital: number | null;
  street: string | null;
  street_more: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  geocoded_by_user: Generated<boolean>;
  place_email: string | null;
  status: Generated<string>;
  external_id: string | null;
  default_warehouse_id: string | null;
  buyer_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface OrganizationRootDetailsTable {
  id: Generated<string>;
  account_id: string;
  seller_support_email: string | null;
  eula: string | null;
  service_terms: string | null;
  faq_and_contact: string | null;
  is_warehouse_comment_mandatory: Generated<boolean>;
  is_warehouse_comment_shared_to_client: Generated<boolean>;
  buyback_zero_description: string | null;
  no_search_result_description: string | null;
  enabled_premium_features: Generated<string[]>;
  category_navigation_enabled: Generated<boolean>;
  customer_identity_document_required: Generated<boolean>;
  warehouse_checkin_requirement: Generated<string>;
  bar_code_enabled: Generated<boolean>;
  tag_price_enabled: Generated<boolean>;
  buyer_payment_enabled: Generated<boolean>;
  cart_min_value: Generated<number>;
  /** Migration 043: days a tracking link still opens after its buyback ended (docs/tracking.md). */
  tracking_link_days_after_end: Generated<number>;
  eula_file_key: string | null;
  service_terms_file_key: string | null;
  faq_and_contact_file_key: string | null;
  device_check_flagged_action: Generated<string>;
  device_check_outage_blocks: Generated<boolean>;
  updated_at: Timestamp;
}

interface UsersTable {
  id: Generated<string>;
  account_id: string;
  email: string;
  firstname: string;
  lastname: string;
  password_hash: string | null;
  status: Generated<string>;
  force_connection_by_sso: Generated<boolean>;
  language: string | null;
  preferred_module: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  last_login_at: Date | null;
}

interface UserModulesTable {
  user_id: string;
  module_type: string;
  user_type: string;
  organization_id: string;
}

interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  current_module: string;
  created_at: CreatedAt;
  last_used_at: Timestamp;
  expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

interface PasswordResetTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  purpose: Generated<string>;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

interface RateLimitsTable {
  key: string;
  attempts: Generated<number>;
  window_start: Generated<Date>;
  blocked_until: Date | null;
  block_level: Generated<number>;
  last_attempt_at: Generated<Date>;
  known_until: Date | null;
}

interface MailDeliveriesTable {
  job_id: string;
  sent_at: Generated<Date>;
}

interface AuditLogTable {
  id: Generated<number>;
  account_id: string | null;
  actor_user_id: string | null;
  action: 'create' | 'update' | 'remove';
  entity_type: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  at: CreatedAt;
}

interface SchemaMigrationsTable {
  version: string;
  applied_at: CreatedAt;
}

export interface CategoriesTable {
  id: Generated<string>;
  account_id: string;
  organization_id: string;
  parent_category_id: string | null;
  path: string;
  identifier: string;
  label: string;
  sort_label: string;
  image_key: string | null;
  image_alt: string | null;
  description: string | null;
  children_description: string | null;
  default_weight: number;
  default_height: number | null;
  default_length: number | null;
  default_width: number | null;
  absorption_type: Generated<string>;
  absorption_value: Generated<number>;
  status: Generated<string>;
  highlighted_instruction: string | null;
  buyer_account_id: string;
  product_count: Generated<number>;
  published_product_count: Generated<number>;
  translations: TranslationsColumn;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface CategoryReferringWarehousesTable {
  category_id: string;
  warehouse_id: string;
}

export interface ProductsTable {
  id: Generated<string>;
  account_id: string;
  main_category_id: string;
  secondary_category_ids: Generated<string[]>;
  name: string;
  brand: string | null;
  model: string | null;
  reference: string | null;
  ean_code: string | null;
  tac_codes: Generated<string[]>;
  is_collecting_imei: Generated<boolean>;
  image_key: string | null;
  image_hd_key: string | null;
  comment_for_seller: string | null;
  status: Generated<string>;
  price_functional: number;
  price_grade_a: number;
  price_grade_b: number;
  price_grade_c: number;
  price_grade_d: number;
  price_grade_e: number;
  buyback_zero_not_allowed: Generated<boolean>;
  length: number | null;
  width: number | null;
  height: number | null;
  weight: number | null;
  buyer_reference: string | null;
  sort_name: string;
  sort_brand: string;
  sort_category: string;
  filter_text: string;
  translations: TranslationsColumn;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface DiagnosticQuestionsTable {
  id: Generated<string>;
  account_id: string;
  category_id: string;
  title: string;
  type: string;
  description: string | null;
  position: number;
  translations: TranslationsColumn;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface DiagnosticAnswersTable {
  id: Generated<string>;
  question_id: string;
  title: string;
  description: string | null;
  position: number;
  max_grade: string | null;
  price_impact_kind: string | null;
  price_impact_value: number | null;
  translations: TranslationsColumn;
}

interface ProductSearchDocumentsTable {
  product_id: string;
  account_id: string;
  buyer_account_id: string;
  published: boolean;
  category_ids: string[];
  codes: string[];
  text: string;
  vector: string;
}

interface ProductSearchWordsTable {
  account_id: string;
  word: string;
}

// ---------- buyback configuration (004_buyback_config.sql) ----------

interface TransportProvidersTable {
  id: Generated<string>;
  code: string;
  name: string;
  status: Generated<string>;
}

export interface PaymentModesTable {
  id: Generated<string>;
  account_id: string;
  type: string;
  label: string;
  description: string;
  long_description: string | null;
  mail_content: string | null;
  provider: Generated<string>;
  bonus_mode: Generated<string>;
  bonus_value: number | null;
  bonus_cap: number | null;
  status: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CircuitsTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  channel: string;
  deposit_type: string;
  /** Generated: channel_depositType. */
  type: ColumnType<string, never, never>;
  status: Generated<string>;
  transfer_order_number_of_copy: Generated<number>;
  description: string | null;
  eligible_countries: Generated<string[]>;
  bonus_mode: Generated<string>;
  bonus_value: number | null;
  bonus_cap: number | null;
  warehouse_id: string | null;
  transport_provider_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface CircuitPaymentModesTable {
  circuit_id: string;
  payment_mode_id: string;
}

export interface DispatchCircuitRulesTable {
  id: Generated<string>;
  account_id: string;
  circuit_id: string;
  status: Generated<string>;
  description: string | null;
  terms: string | null;
  traceability_enabled: Generated<boolean>;
  highlighted_instruction: string | null;
  eligible_countries: string[] | null;
  own_instructions: Generated<boolean>;
  custom_values: ColumnType<Record<string, string>, string | undefined, string>;
  premium_action: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface DispatchCircuitRuleCategoriesTable {
  dispatch_circuit_rule_id: string;
  category_id: string;
}

interface CircuitInstructionsTable {
  id: Generated<string>;
  circuit_id: string | null;
  dispatch_circuit_rule_id: string | null;
  sequence: number;
  label: string;
  type: string;
}

interface TransferOrderSettingsTable {
  account_id: string;
  terms: string;
  updated_at: Timestamp;
}

// ---------- buybacks (005_buybacks.sql) ----------

/** A jsonb column: read parsed, written as a JSON string. */
type Json<T> = ColumnType<T, string, string>;

interface CartsTable {
  id: Generated<string>;
  account_id: string;
  channel: string;
  store_id: string | null;
  terms_accepted: Generated<boolean>;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface CustomersTable {
  id: Generated<string>;
  account_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  street: string;
  street_more: string | null;
  zip: string;
  city: string;
  country: string;
  identification_type: string | null;
  identification_number: string | null;
  identification_delivery_date: ColumnType<string | null, string | null | undefined, string | null>;
  identification_issuing_authority: string | null;
  created_at: CreatedAt;
}

export interface BuybackAnswerSnapshot {
  questionId: string;
  questionTitle: string;
  answerIds: string[];
  answerTitles: string[];
}

export interface BuybacksTable {
  id: Generated<string>;
  account_id: string;
  identification_number: string;
  external_code: string | null;
  channel: string;
  store_id: string | null;
  organization_path: string;
  cart_id: string | null;
  customer_id: string;
  customer_sort_name: string;
  status: string;
  predeclared: Generated<boolean>;
  /** lost or stolen: the device check's flag (migration 045). */
  device_check_flag: string | null;
  finalized_at: Date | null;
  /** null: no label for this circuit; 'pending' (a carrier has not answered), 'ready' or 'failed' (migration 021). */
  shipping_label_status: string | null;
  shipping_label_ready_at: Date | null;
  /** Migration 021: the carrier's tracking of the shipping label's parcel, and its latest delivery event. */
  tracking_number: Generated<string | null>;
  tracking_url: Generated<string | null>;
  delivery_status: Generated<string | null>;
  circuit_id: string;
  circuit_name: string;
  circuit_type: string;
  deposit_type: string;
  circuit_description: string | null;
  transfer_order_copies: number;
  instructions: Json<{ sequence: number; label: string; type: string }[]>;
  highlighted_instruction: string | null;
  terms: string | null;
  warehouse_id: string | null;
  /** The warehouse the buyback is sent to (migration 015): warehouse users see it through it. */
  destination_warehouse_id: string | null;
  /** Migration 018: the warehouse dispatch rule that chose the warehouse, if one did. */
  warehouse_dispatch_rule_id: Generated<string | null>;
  payment_mode_id: string;
  payment_mode_label: string;
  payment_type: string;
  payment_mode_description: string | null;
  payment_mode_long_description: string | null;
  buyer_account_id: string;
  buyer_name: string;
  category_id: string;
  category_label: string;
  product_id: string;
  product_name: string;
  product_brand: string | null;
  product_model: string | null;
  product_image_key: string | null;
  answers: Json<BuybackAnswerSnapshot[]>;
  imei: string | null;
  imei_tac_mismatch: Generated<boolean>;
  declared_state: string;
  base_price_cents: number;
  impact_price_entries: Json<{ label: string; valueCents: number }[]>;
  estimated_price_cents: number;
  payment_modifier_cents: number;
  shipping_modifier_cents: number;
  bonus_cents: Generated<number>;
  total_cents: number;
  pricing_input: Json<unknown>;
  currency: string;
  cancel_reason: string | null;
  cancel_comment: string | null;
  cancelled_at: Date | null;
  cancelled_by: string | null;
  cancel_forced: Generated<boolean>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/**
 * Buybacks per visibility and status (migration 016): appended differences, a key's total is the
 * sum of its rows; the buyback list's total without a count of the buybacks.
 */
export interface BuybackCountsTable {
  account_id: string;
  organization_path: string;
  store_id: string | null;
  buyer_account_id: string;
  destination_warehouse_id: string | null;
  predeclared: boolean;
  status: string;
  n: number;
}

/** A buyer a retailer account may use (migration 015). */
interface AccountLinkedBuyersTable {
  account_id: string;
  buyer_account_id: string;
  created_at: CreatedAt;
}

export interface BuybackItemsTable {
  id: Generated<string>;
  buyback_id: string;
  account_id: string;
  identification_number: string;
  status: string;
  imei: string | null;
  warehouse_id: string | null;
  purchase_price_cents: number;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Migration 018: the buyer account whose warehouses work on the item. */
  buyer_account_id: string;
  stock_id: string | null;
  serial_number: string | null;
  sent_at: Date | null;
  registered_at: Date | null;
  controlled_at: Date | null;
  controlled_by: string | null;
  controlled_state: string | null;
  controlled_answers: ColumnType<unknown, string | null | undefined, string | null> | null;
  controlled_price_cents: number | null;
  validated_price_cents: number | null;
  absorbed_cents: number | null;
  warehouse_comment: string | null;
  warehouse_comment_shared: Generated<boolean>;
  planned_refurb_cost_cents: Generated<number>;
  completed_refurb_cost_cents: Generated<number>;
  latest_move_at: Date | null;
  quarantine_reason: string | null;
  /** Migration 019: economic data and expedition. */
  resale_price_cents: number | null;
  refurb_completed_at: Date | null;
  dispatched_at: Date | null;
}

/** A stock of a warehouse (migration 018); native ones carry their kind. */
interface StocksTable {
  id: Generated<string>;
  account_id: string;
  warehouse_id: string;
  name: string;
  identifier: string | null;
  location: string | null;
  native_kind: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** One change of an item's status or stock: who, when, where, why (migration 018). */
interface ItemEventsTable {
  id: Generated<string>;
  item_id: string;
  account_id: string;
  at: Generated<Date>;
  from_status: string | null;
  to_status: string;
  actor_user_id: string | null;
  organization_id: string | null;
  stock_id: string | null;
  reason: string | null;
  comment: string | null;
}

/** A buyer account's warehouse dispatch rule (migration 018). */
interface WarehouseDispatchRulesTable {
  id: Generated<string>;
  account_id: string;
  title: string;
  position: Generated<number>;
  conditions: ColumnType<unknown, string, string>;
  default_warehouse_id: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
  updated_by: string | null;
}

interface WarehouseDispatchRuleWarehousesTable {
  rule_id: string;
  warehouse_id: string;
}

/** A counter-offer after the control, answered by the customer (migration 018). */
export interface LitigationsTable {
  id: Generated<string>;
  buyback_id: string;
  item_id: string;
  account_id: string;
  buyer_account_id: string;
  reason: string;
  declared_price_cents: number;
  proposed_price_cents: number;
  photo_keys: ColumnType<string[], string | undefined, string>;
  status: Generated<string>;
  token_hash: string;
  mails_sent: Generated<number>;
  last_mail_at: Date | null;
  reminder_sent_at: Date | null;
  created_by: string | null;
  created_at: CreatedAt;
  resolved_at: Date | null;
  /** Migration 043: the answer token, encrypted (docs/tracking.md). */
  answer_token_encrypted: Generated<string | null>;
}

/** Migration 043: a buyback's tracking link (docs/tracking.md). */
interface TrackingLinksTable {
  id: Generated<string>;
  account_id: string;
  buyback_id: string;
  token_hash: string;
  token_encrypted: string;
  created_at: CreatedAt;
  created_by: string | null;
  revoked_at: Date | null;
  revoked_by: string | null;
}

interface TrackingUnsubscriptionsTable {
  buyback_id: string;
  account_id: string;
  unsubscribed_at: CreatedAt;
}

export interface PaymentsTable {
  id: Generated<string>;
  buyback_id: string;
  account_id: string;
  type: string;
  status: string;
  amount_cents: number;
  currency: string;
  voucher_code: string | null;
  gift_card_number: string | null;
  provider: string | null;
  provider_payment_id: string | null;
  /** Migration 010: 'v1:<key id>:…' (platform/secrets.ts), a bank transfer's only. */
  iban_encrypted: string | null;
  iban_masked: string | null;
  /** Migration 021: what executes the payment (docs/payments.md). */
  connector_configuration_id: Generated<string | null>;
  transfer_batch_id: Generated<string | null>;
  gift_card_id: Generated<string | null>;
  reference: Generated<string | null>;
  failure_reason: Generated<string | null>;
  attempts: Generated<number>;
  manual_information: Generated<string | null>;
  marked_paid_by: Generated<string | null>;
  paid_at: Generated<Date | null>;
  iban_token_hash: Generated<string | null>;
  iban_requested_at: Generated<Date | null>;
  /** Migration 023: the account holder's name given through the IBAN link. */
  iban_holder: Generated<string | null>;
  /** Migration 040: the account whose bank pays the transfer (the buyer under buyer payment). */
  payer_account_id: Generated<string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface BuybackStatusEventsTable {
  id: Generated<number>;
  buyback_id: string;
  at: CreatedAt;
  status: string | null;
  item_status: string | null;
  payment_status: string | null;
  actor_user_id: string | null;
}

interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  fingerprint: string;
  response_status: ColumnType<number | null, number | null | undefined, number>;
  response_body: ColumnType<unknown, string | null | undefined, string>;
  // response_status and response_body are null only inside the claiming transaction
  created_at: CreatedAt;
}

export interface WhiteLabelConfigsTable {
  account_id: string;
  tag_manager_id: string | null;
  axeptio_id: string | null;
  external_website_url: string | null;
  external_website_text: string | null;
  drop_off_locations_map_enabled: Generated<boolean>;
  cookies_policy_key: string | null;
  accessibility_statement_key: string | null;
  updated_at: Timestamp;
}

export interface HomePageConfigsTable {
  account_id: string;
  status: string;
  meta_title: string;
  meta_description: string;
  banner_title: string;
  banner_image_key: string | null;
  widgets: ColumnType<unknown[], string, string>;
  translations: TranslationsColumn;
  updated_at: Timestamp;
}

/** A service (refurb step) of a warehouse account (migration 019). */
interface RefurbStepsTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  description: string | null;
  stock_id: string;
  kind: Generated<string>;
  erasure_method: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface RefurbStepCostsTable {
  refurb_step_id: string;
  warehouse_id: string;
  cost_cents: number;
}

interface RefurbQuestionsTable {
  id: Generated<string>;
  account_id: string;
  label: string;
  type: string;
  position: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface RefurbAnswersTable {
  id: Generated<string>;
  question_id: string;
  label: string;
  position: Generated<number>;
}

interface RefurbAnswerStepsTable {
  answer_id: string;
  refurb_step_id: string;
}

/** One refurbishment diagnosis per item (migration 019). */
export interface RefurbDiagnosesTable {
  id: Generated<string>;
  item_id: string;
  account_id: string;
  warehouse_id: string;
  status: Generated<string>;
  planned_refurb_step_ids: ColumnType<string[], string[] | undefined, string[]>;
  stock_id: string | null;
  first_refurb_step_id: string | null;
  planned_cost_cents: Generated<number>;
  started_by: string | null;
  started_at: CreatedAt;
  finalized_by: string | null;
  finalized_at: Date | null;
  updated_at: Timestamp;
}

interface RefurbDiagnosisAnswersTable {
  diagnosis_id: string;
  question_id: string | null;
  answer_id: string | null;
  question_label: string;
  answer_label: string;
  position: Generated<number>;
}

/** A service planned on an item, and its execution (migration 019). */
interface ItemRefurbStepsTable {
  id: Generated<string>;
  item_id: string;
  account_id: string;
  warehouse_id: string;
  refurb_step_id: string | null;
  name: string;
  kind: Generated<string>;
  erasure_method: string | null;
  cost_cents: Generated<number>;
  position: Generated<number>;
  status: Generated<string>;
  stock_id: string | null;
  user_id: string | null;
  comment: string | null;
  cancel_reason: string | null;
  started_at: Date | null;
  completed_at: Date | null;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ErasureCertificatesTable {
  id: Generated<string>;
  item_id: string;
  item_refurb_step_id: string;
  account_id: string;
  retailer_account_id: string;
  verification_code: string;
  item_identification_number: string;
  product_name: string;
  imei: string | null;
  serial_number: string | null;
  method: string;
  operator_user_id: string | null;
  operator_name: string;
  warehouse_id: string;
  warehouse_name: string;
  erased_at: CreatedAt;
}

/** A package leaving a store or a warehouse (migration 019). */
interface PackagesTable {
  id: Generated<string>;
  account_id: string;
  kind: string;
  origin_organization_id: string;
  destination_organization_id: string | null;
  number: string;
  with_label: boolean;
  status: Generated<string>;
  tracking_number: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  closed_by: string | null;
  closed_at: Date | null;
  updated_at: Timestamp;
}

interface PackageItemsTable {
  package_id: string;
  item_id: string;
  kind: string;
  added_by: string | null;
  added_at: CreatedAt;
}

/** A connection or a transaction: here, not in db.ts, so that what db.ts imports may use it without a cycle. */
export type Db = Kysely<Database>;

/** A week whose statistics were computed (migration 033): its Monday, and when. */
interface StatisticsWeeksTable {
  week_start: ColumnType<string, string, string>;
  computed_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** One scope's figures for one week (migration 033, docs/dashboard.md). */
interface WeeklyStatisticsTable {
  week_start: ColumnType<string, string, never>;
  scope_kind: 'retail' | 'warehouse' | 'buyer' | 'platform';
  scope_id: string;
  account_id: string | null;
  figures: ColumnType<unknown, string, never>;
}

export interface Database {
  accounts: AccountsTable;
  white_label_configs: WhiteLabelConfigsTable;
  home_page_configs: HomePageConfigsTable;
  organizations: OrganizationsTable;
  organization_root_details: OrganizationRootDetailsTable;
  users: UsersTable;
  user_modules: UserModulesTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  rate_limits: RateLimitsTable;
  mail_deliveries: MailDeliveriesTable;
  audit_log: AuditLogTable;
  schema_migrations: SchemaMigrationsTable;
  categories: CategoriesTable;
  category_referring_warehouses: CategoryReferringWarehousesTable;
  products: ProductsTable;
  diagnostic_questions: DiagnosticQuestionsTable;
  diagnostic_answers: DiagnosticAnswersTable;
  product_search_documents: ProductSearchDocumentsTable;
  product_search_words: ProductSearchWordsTable;
  transport_providers: TransportProvidersTable;
  payment_modes: PaymentModesTable;
  circuits: CircuitsTable;
  circuit_payment_modes: CircuitPaymentModesTable;
  dispatch_circuit_rules: DispatchCircuitRulesTable;
  dispatch_circuit_rule_categories: DispatchCircuitRuleCategoriesTable;
  circuit_instructions: CircuitInstructionsTable;
  transfer_order_settings: TransferOrderSettingsTable;
  carts: CartsTable;
  customers: CustomersTable;
  buybacks: BuybacksTable;
  buyback_items: BuybackItemsTable;
  buyback_counts: BuybackCountsTable;
  statistics_weeks: StatisticsWeeksTable;
  weekly_statistics: WeeklyStatisticsTable;
  payments: PaymentsTable;
  buyback_status_events: BuybackStatusEventsTable;
  idempotency_keys: IdempotencyKeysTable;
  account_linked_buyers: AccountLinkedBuyersTable;
  stocks: StocksTable;
  item_events: ItemEventsTable;
  warehouse_dispatch_rules: WarehouseDispatchRulesTable;
  warehouse_dispatch_rule_warehouses: WarehouseDispatchRuleWarehousesTable;
  litigations: LitigationsTable;
  tracking_links: TrackingLinksTable;
  tracking_unsubscriptions: TrackingUnsubscriptionsTable;
  refurb_steps: RefurbStepsTable;
  refurb_step_costs: RefurbStepCostsTable;
  refurb_questions: RefurbQuestionsTable;
  refurb_answers: RefurbAnswersTable;
  refurb_answer_steps: RefurbAnswerStepsTable;
  refurb_diagnoses: RefurbDiagnosesTable;
  refurb_diagnosis_answers: RefurbDiagnosisAnswersTable;
  item_refurb_steps: ItemRefurbStepsTable;
  erasure_certificates: ErasureCertificatesTable;
  packages: PackagesTable;
  package_items: PackageItemsTable;
  connectors: ConnectorsTable;
  connector_configurations: ConnectorConfigurationsTable;
  transfer_batches: TransferBatchesTable;
  bank_statements: BankStatementsTable;
  gift_cards: GiftCardsTable;
  gift_card_redemptions: GiftCardRedemptionsTable;
  shipments: ShipmentsTable;
  delivery_events: DeliveryEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  sandbox_carrier_accounts: SandboxCarrierAccountsTable;
  sandbox_carrier_shipments: SandboxCarrierShipmentsTable;
  sandbox_carrier_events: SandboxCarrierEventsTable;
  sandbox_payout_accounts: SandboxPayoutAccountsTable;
  sandbox_payouts: SandboxPayoutsTable;
  device_checks: DeviceChecksTable;
  device_check_answers: DeviceCheckAnswersTable;
  device_check_buckets: DeviceCheckBucketsTable;
  sandbox_device_check_accounts: SandboxDeviceCheckAccountsTable;
  sandbox_device_check_imeis: SandboxDeviceCheckImeisTable;
  sandbox_device_check_requests: SandboxDeviceCheckRequestsTable;
  sandbox_carrier_pickups: SandboxCarrierPickupsTable;
  pickups: PickupsTable;
  pickup_events: PickupEventsTable;
  imports: ImportsTable;
  import_ignored_lines: ImportIgnoredLinesTable;
  exports: ExportsTable;
  sftp_accesses: SftpAccessesTable;
  sftp_pulled_files: SftpPulledFilesTable;
  sso_configurations: SsoConfigurationsTable;
  sso_domains: SsoDomainsTable;
  sso_authorization_requests: SsoAuthorizationRequestsTable;
  sso_logins: SsoLoginsTable;
  client_errors: ClientErrorsTable;
  police_registers: PoliceRegistersTable;
  police_register_entries: PoliceRegisterEntriesTable;
}

// Migration 021: connectors, payments and transport.

/** A property a connector's configuration holds (connectors.properties). */
export interface ConnectorPropertyDefinition {
  name: string;
  required: boolean;
  secret: boolean;
  kind: 'text' | 'url' | 'integer' | 'amount' | 'iban' | 'bic' | 'email' | 'boolean';
}

interface ConnectorsTable {
  id: string;
  fqn: string;
  name: string;
  type: string;
  properties: Json<ConnectorPropertyDefinition[]>;
  actions: Json<string[]>;
  status: Generated<string>;
}

interface ConnectorConfigurationsTable {
  id: Generated<string>;
  account_id: string;
  organization_id: string;
  connector_id: string;
  name: string;
  status: Generated<string>;
  /** The plain values by property name. */
  properties: Json<Record<string, string>>;
  /** The secret values by property name, each encrypted (platform/secrets.ts, purpose 'connector'). */
  secrets: Json<Record<string, string>>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** The last scheduled run (reprise.scheduled.sftp_import; migration 026). */
  last_run_at: Timestamp | null;
}

interface TransferBatchesTable {
  id: Generated<string>;
  account_id: string;
  connector_configuration_id: string | null;
  business_date: ColumnType<string, string, string>;
  sequence: Generated<number>;
  message_id: string;
  currency: string;
  status: Generated<string>;
  created_at: CreatedAt;
  sent_at: Date | null;
  sent_by: string | null;
}

interface BankStatementsTable {
  id: Generated<string>;
  account_id: string;
  file_name: string;
  format: string;
  entries_count: Generated<number>;
  paid_count: Generated<number>;
  failed_count: Generated<number>;
  unmatched: Json<{ line: number; reference: string | null; amountCents: number | null; reason: string }[]>;
  uploaded_by: string | null;
  uploaded_at: CreatedAt;
}

interface GiftCardsTable {
  id: Generated<string>;
  account_id: string;
  kind: string;
  code: string;
  initial_cents: number;
  balance_cents: number;
  currency: string;
  status: Generated<string>;
  expires_at: Date | null;
  payment_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface GiftCardRedemptionsTable {
  id: Generated<string>;
  gift_card_id: string;
  account_id: string;
  amount_cents: number;
  organization_id: string | null;
  user_id: string | null;
  at: CreatedAt;
}

export interface ShipmentsTable {
  id: Generated<string>;
  account_id: string;
  buyback_id: string;
  kind: string;
  connector_configuration_id: string | null;
  carrier_shipment_id: string | null;
  status: Generated<string>;
  tracking_number: string | null;
  tracking_url: string | null;
  label_file_key: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  label_ready_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface DeliveryEventsTable {
  id: Generated<number>;
  shipment_id: string;
  account_id: string;
  event_id: string;
  code: string;
  occurred_at: Date | string;
  received_at: CreatedAt;
  payload: Json<Record<string, unknown>>;
}

interface WebhookDeliveriesTable {
  id: Generated<string>;
  account_id: string;
  connector_configuration_id: string;
  event: string;
  buyback_id: string | null;
  payload: Json<Record<string, unknown>>;
  status: Generated<string>;
  attempts: Generated<number>;
  last_status_code: number | null;
  last_error: string | null;
  created_at: CreatedAt;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
}

// Migration 041: the sandbox payment provider's own tables (modules/sandbox-payouts).
export interface SandboxPayoutAccountsTable {
  id: Generated<string>;
  kind: string;
  app_id: string;
  app_secret_hash: string;
  private_key_encrypted: string;
  webhook_url: string | null;
  outcome: Generated<string>;
  settle_delay_seconds: Generated<number>;
  created_at: CreatedAt;
}

export interface SandboxPayoutsTable {
  id: Generated<string>;
  payout_account_id: string;
  idempotency_key: string;
  reference: string;
  amount_cents: number;
  currency: string;
  beneficiary: Json<{ name: string; iban?: string; email?: string }>;
  status: Generated<string>;
  failure_reason: string | null;
  callback_status: Generated<string>;
  callback_attempts: Generated<number>;
  created_at: CreatedAt;
  settled_at: Date | null;
}

// Migration 025: the sandbox carrier's own tables (modules/sandbox-carrier).

export interface SandboxCarrierAccountsTable {
  id: Generated<string>;
  account_number: string;
  api_key_hash: string;
  webhook_url: string | null;
  webhook_secret_encrypted: string;
  label_delay_seconds: Generated<number>;
  label_outcome: Generated<string>;
  pickup_outcome: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SandboxCarrierShipmentsTable {
  id: Generated<string>;
  carrier_account_id: string;
  reference: string;
  kind: string;
  sender: Json<Record<string, unknown>>;
  recipient: Json<Record<string, unknown>>;
  parcel: Json<Record<string, unknown>>;
  tracking_number: string;
  label_status: Generated<string>;
  label_file_key: string | null;
  label_ready_at: Date | null;
  status: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SandboxCarrierEventsTable {
  id: Generated<string>;
  shipment_id: string;
  code: string;
  occurred_at: Generated<Date>;
  webhook_status: Generated<string>;
  webhook_attempts: Generated<number>;
  webhook_last_error: string | null;
  webhook_delivered_at: Date | null;
}

// Migration 042: home collection pick-ups (modules/transport) and the sandbox carrier's own.

export interface SandboxCarrierPickupsTable {
  id: Generated<string>;
  carrier_account_id: string;
  reference: string;
  address: Json<Record<string, unknown>>;
  parcel: Json<Record<string, unknown>>;
  slot_start: Date | string;
  slot_end: Date | string;
  price_cents: number;
  status: Generated<string>;
  created_at: CreatedAt;
  quoted_at: Generated<Date>;
  cancelled_at: Date | null;
}

export interface PickupsTable {
  id: Generated<string>;
  account_id: string;
  buyback_id: string;
  connector_configuration_id: string;
  slot_start: Date | string;
  slot_end: Date | string;
  status: Generated<string>;
  carrier_pickup_id: string | null;
  price_cents: number | null;
  attempts: Generated<number>;
  last_error: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface PickupEventsTable {
  id: Generated<number>;
  pickup_id: string;
  account_id: string;
  code: string;
  occurred_at: Date | string;
  received_at: CreatedAt;
}

// Migration 026: imports, exports and SFTP access.

/** A catalogue import; `position` is the last data line whose batch committed. */
export interface ImportsTable {
  id: Generated<string>;
  account_id: string;
  source_account_id: string | null;
  origin: 'upload' | 'sftp' | 'sftp_connector';
  content: 'categories' | 'products' | 'diagnostic';
  strategy: 'generic' | 'product' | 'uuid';
  status: ColumnType<
    'in_progress' | 'success' | 'success_with_ignored' | 'error',
    'in_progress' | 'success' | 'success_with_ignored' | 'error' | undefined,
    'in_progress' | 'success' | 'success_with_ignored' | 'error'
  >;
  file_key: string;
  file_name: string;
  file_format: 'csv' | 'xlsx';
  file_size: ColumnType<string, number | string, number | string>;
  parent_category_ids: Generated<string[]>;
  suffix: Generated<string>;
  connector_configuration_id: string | null;
  position: Generated<number>;
  lines_found: Generated<number>;
  lines_inserted: Generated<number>;
  lines_updated: Generated<number>;
  lines_ignored: Generated<number>;
  error_code: string | null;
  error: string | null;
  lease_until: Timestamp | null;
  created_by: string | null;
  created_at: CreatedAt;
  queued_at: CreatedAt;
  started_at: Timestamp | null;
  ended_at: Timestamp | null;
  updated_at: Timestamp;
}

interface ImportIgnoredLinesTable {
  import_id: string;
  line_number: number;
  code: string;
  field: string | null;
  message: string;
}

interface ExportsTable {
  id: Generated<string>;
  account_id: string;
  type: 'products' | 'categories' | 'diagnostic' | 'buybacks';
  status: ColumnType<
    'in_progress' | 'success' | 'error' | 'cancelled',
    'in_progress' | 'success' | 'error' | 'cancelled' | undefined,
    'in_progress' | 'success' | 'error' | 'cancelled'
  >;
  filters: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** Migration 028: who a buyback export's list is read as (modules/exports/export-viewer.ts). */
  viewer: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  entries_count: number | null;
  file_key: string | null;
  error_code: string | null;
  error: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  started_at: Timestamp | null;
  ended_at: Timestamp | null;
}

interface SftpAccessesTable {
  account_id: string;
  username: string;
  password_hash: string | null;
  status: ColumnType<'active' | 'inactive', 'active' | 'inactive' | undefined, 'active' | 'inactive'>;
  catalogue_account_id: string;
  parent_category_ids: Generated<string[]>;
  suffix: Generated<string>;
  last_import_id: string | null;
  activated_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface SftpPulledFilesTable {
  configuration_id: string;
  remote_path: string;
  size: ColumnType<string, number | string, number | string>;
  modified_at: Timestamp;
  import_id: string | null;
  pulled_at: CreatedAt;
}

/** Single sign-on (migration 032, docs/single-sign-on.md). */
interface SsoConfigurationsTable {
  account_id: string;
  organization_id: string;
  status: ColumnType<'active' | 'inactive', 'active' | 'inactive' | undefined, 'active' | 'inactive'>;
  configuration_endpoint: string;
  client_id: string;
  /** Encrypted (platform/secrets.ts, purpose 'sso_client_secret'). */
  client_secret: string;
  scope: Generated<string>;
  /** [{ claimValue, userType, organizationId }], written as JSON text. */
  role_mapping: ColumnType<unknown, string | undefined, string>;
  claim_types: ColumnType<unknown, string, string>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface SsoDomainsTable {
  domain: string;
  account_id: string;
}

interface ClientErrorsTable {
  id: Generated<string>;
  account_id: string | null;
  user_id: string | null;
  app: 'back_office' | 'public_site';
  kind: 'error' | 'unhandled_rejection' | 'render';
  message: string;
  stack: string | null;
  /** The screen's path, its ids replaced by `:id` (client-errors.rules.ts). */
  route: string;
  build: string;
  user_agent: string | null;
  at: CreatedAt;
}

interface SsoAuthorizationRequestsTable {
  id: Generated<string>;
  account_id: string;
  organization_id: string;
  state_hash: string;
  browser_hash: string;
  nonce: string;
  /** Encrypted (purpose 'sso_code_verifier'). */
  code_verifier: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

interface SsoLoginsTable {
  id: Generated<string>;
  account_id: string;
  organization_id: string;
  user_id: string;
  token_hash: string;
  /** Encrypted (purpose 'sso_id_token'). */
  id_token: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  session_id: string | null;
}

// Migration 044: the police register (modules/police-register, docs/police-register.md).

/** A store's register head: the lock of its numbering, its last number and hash. */
interface PoliceRegistersTable {
  store_id: string;
  account_id: string;
  last_number: Generated<number>;
  last_hash: string | null;
}

/** An entry of a store's police register: written once, never changed nor removed (a trigger raises). */
export interface PoliceRegisterEntriesTable {
  id: Generated<string>;
  account_id: string;
  store_id: string;
  number: number;
  acquired_at: Date;
  buyback_id: string;
  item_id: string;
  buyback_number: string;
  item_number: string;
  seller_first_name: string;
  seller_last_name: string;
  seller_street: string;
  seller_street_more: string | null;
  seller_zip: string;
  seller_city: string;
  seller_country: string;
  identity_document_type: string | null;
  identity_document_number: string | null;
  identity_document_authority: string | null;
  /** YYYY-MM-DD. */
  identity_document_date: string | null;
  product_name: string;
  product_brand: string | null;
  product_model: string | null;
  imei: string | null;
  serial_number: string | null;
  state: string;
  price_cents: number;
  currency: string;
  payment_type: string;
  payment_mode_label: string;
  device_check: string | null;
  corrects_entry_id: string | null;
  correction_reason: string | null;
  recorded_by: string | null;
  previous_hash: string | null;
  hash: string;
  created_at: CreatedAt;
}
/** The stolen-device check (migration 045, docs/device-check.md). */
interface DeviceChecksTable {
  id: Generated<string>;
  account_id: string;
  item_id: string | null;
  buyback_id: string | null;
  imei: string;
  result: string;
  provider_summary: string;
  source: string;
  checked_at: CreatedAt;
}

interface DeviceCheckAnswersTable {
  account_id: string;
  imei: string;
  result: string;
  provider_summary: string;
  answered_at: Timestamp;
}

interface DeviceCheckBucketsTable {
  account_id: string;
  tokens: number;
  refilled_at: Timestamp;
}

interface SandboxDeviceCheckAccountsTable {
  id: Generated<string>;
  api_key_hash: string;
  created_at: CreatedAt;
}

interface SandboxDeviceCheckImeisTable {
  sandbox_account_id: string;
  imei: string;
  answer: string;
}

interface SandboxDeviceCheckRequestsTable {
  id: Generated<string>;
  sandbox_account_id: string;
  imei: string;
  answer: string;
  at: CreatedAt;
}
