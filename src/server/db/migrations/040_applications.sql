-- Issue 12 item 5: one store for every product. The consumer table becomes
-- `applications`, its rows carried over as they are (a rename keeps ids, the identity
-- sequence and every foreign key of codes, identification, dispatches and offers).
-- Which products, brands and steps exist is the catalogue's and the form documents'
-- business now (forms/catalogue.json), checked by the server before every write, so
-- the CHECKs that listed them go; what is left guards the shape.
ALTER TABLE consumer_applications RENAME TO applications;
ALTER INDEX consumer_applications_pkey RENAME TO applications_pkey;
ALTER TABLE applications RENAME CONSTRAINT consumer_applications_check TO applications_finalized_check;
ALTER TABLE applications RENAME CONSTRAINT consumer_applications_status_check TO applications_status_check;
ALTER TABLE applications RENAME CONSTRAINT consumer_applications_token_hash_check TO applications_token_hash_check;
ALTER TABLE applications DROP CONSTRAINT consumer_applications_product_check;
ALTER TABLE applications DROP CONSTRAINT consumer_applications_brand_check;
ALTER TABLE applications DROP CONSTRAINT consumer_applications_step_check;
ALTER TABLE applications ADD CONSTRAINT applications_product_check CHECK (product ~ '^[a-z][a-z0-9-]*$');
ALTER TABLE applications ADD CONSTRAINT applications_brand_check CHECK (brand ~ '^[a-z][a-z0-9-]*$');
ALTER TABLE applications ADD CONSTRAINT applications_step_check CHECK (step BETWEEN 0 AND 99);

-- The form document an application was validated with: every row so far is the consumer form's.
ALTER TABLE applications ADD COLUMN form_id text;
UPDATE applications SET form_id = 'consumer';
ALTER TABLE applications ALTER COLUMN form_id SET NOT NULL;
ALTER TABLE applications ADD CONSTRAINT applications_form_id_check CHECK (form_id ~ '^[a-z][a-z0-9-]*$');
CREATE INDEX applications_product ON applications (product, created_at);

-- One-time codes for a person as well as for an application (the customer login of
-- issue 17 sends a code to whoever an identity code belongs to). A person is known by
-- a keyed hash of the identity code, never the code itself. A code has exactly one owner.
ALTER TABLE one_time_codes ALTER COLUMN application_id DROP NOT NULL;
ALTER TABLE one_time_codes ADD COLUMN person_key bytea CHECK (octet_length(person_key) = 32);
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_one_owner CHECK ((application_id IS NULL) <> (person_key IS NULL));
CREATE INDEX one_time_codes_by_person ON one_time_codes (person_key, created_at DESC) WHERE person_key IS NOT NULL;
