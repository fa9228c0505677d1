/**
 * The kinds of entity the audit log records, and the change feed announces (platform/change-feed.ts):
 * caches subscribe to these names, never to free strings.
 */
export const AUDIT_ENTITIES = [
  'account',
  'buyback',
  'cart',
  'category',
  'category_diagnostic_questions_order',
  'circuit',
  'diagnostic_question',
  'dispatch_circuit_rule',
  'home_page_config',
  'item',
  'job',
  'linked_buyer',
  'litigation',
  'organization',
  'organization_root_detail',
  'payment_mode',
  'product',
  'site',
  'transfer_order_settings',
  'user',
  'warehouse_dispatch_rule',
  'white_label_config',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
