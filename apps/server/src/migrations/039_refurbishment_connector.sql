-- The refurbishment connector (docs/refurbishment.md, "The refurbishment connector"): per account
-- it switches the refurbishment features on and off. Its properties are of the kind `boolean`
-- ('true' or 'false'): advanced stocks (the stocks screens), refurb steps (services and their
-- execution), diagnosis (the diagnosis questions and the refurbishment diagnosis). Without an
-- active configuration every feature stays on.
INSERT INTO connectors (id, fqn, name, type, properties, actions) VALUES
  ('00000000-0000-4000-c000-000000000039', 'reprise.premium.refurbishment', 'Refurbishment', 'premium_feature',
   '[{"name":"advanced_stocks","required":true,"secret":false,"kind":"boolean"},
     {"name":"refurb_steps","required":true,"secret":false,"kind":"boolean"},
     {"name":"diagnosis","required":true,"secret":false,"kind":"boolean"}]', '[]');
