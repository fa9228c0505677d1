-- docs/glossary.md: the audit entity of a category's diagnostic question order takes the
-- glossary's word (platform/audit-entities.ts); the rows written before keep their meaning.
UPDATE audit_log
   SET entity_type = 'category_diagnostic_questions_order'
 WHERE entity_type = 'category_questions_order';
