-- The premium action a dispatch circuit rule launches (docs/connectors.md, "Premium actions of a
-- dispatch circuit rule"): set by PATCH /dispatch-circuit-rules/{id}/launch-premium-feature-connector,
-- run by its GET within the rule's categories. Null: the rule launches none.
ALTER TABLE dispatch_circuit_rules ADD COLUMN premium_action text;
