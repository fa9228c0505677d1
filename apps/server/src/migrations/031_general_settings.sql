-- General settings (docs/general-settings.md): the terms of use, the terms of service and the FAQ
-- and contact are PDF files (one file each, up to 250 kB), kept by the
-- storage interface under these keys. The older text columns stay: the public site shows a text
-- only while its document has no PDF.
ALTER TABLE organization_root_details
  ADD COLUMN eula_file_key text,
  ADD COLUMN service_terms_file_key text,
  ADD COLUMN faq_and_contact_file_key text;
