-- The buyback list's scope of whoever started a buyback export (docs/exports.md): the `export`
-- job writes the buybacks that user's list shows (their module, user type and organisation), so
-- a management unit's manager exports its stores' buybacks only. Null for catalogue exports.
ALTER TABLE exports ADD COLUMN viewer jsonb;
