-- Per-locale translations of the texts a visitor reads (docs/translations.md): per table, one
-- object keyed by locale then field ({"de-DE": {"label": "…"}}); the columns themselves hold the
-- account language's text, which is the fallback. Custom HTML blocks carry theirs in `widgets`.

ALTER TABLE categories ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'
  CHECK (jsonb_typeof(translations) = 'object');
ALTER TABLE products ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'
  CHECK (jsonb_typeof(translations) = 'object');
ALTER TABLE diagnostic_questions ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'
  CHECK (jsonb_typeof(translations) = 'object');
ALTER TABLE diagnostic_answers ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'
  CHECK (jsonb_typeof(translations) = 'object');
ALTER TABLE home_page_configs ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'
  CHECK (jsonb_typeof(translations) = 'object');
