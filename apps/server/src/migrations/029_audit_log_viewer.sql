-- The audit log viewer (docs/audit-log.md) reads entries newest first, for every account or
-- filtered by one account, one actor, one entity type or one entity: each reading walks its own
-- index in that order (the id breaks ties of one instant, the transaction's). The entity index
-- serves a lookup by entity id, with or without its type, so the older one by type then id goes.
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_account_at_idx ON audit_log (account_id, at DESC, id DESC);
CREATE INDEX audit_log_actor_at_idx ON audit_log (actor_user_id, at DESC, id DESC);
CREATE INDEX audit_log_entity_type_at_idx ON audit_log (entity_type, at DESC, id DESC);
CREATE INDEX audit_log_entity_at_idx ON audit_log (entity_id, at DESC, id DESC);
DROP INDEX audit_log_entity_idx;
