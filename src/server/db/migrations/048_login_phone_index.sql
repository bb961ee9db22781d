-- Issue 24 (why 5), issue 25 (item 2): the login answers whether an identity code and a
-- phone belong together, and must answer an unknown identity code and a known one with a
-- wrong phone with the same work. Both are now one probe of this index that finds nothing:
-- no application row is read, however many the person has (customer/login-store.ts
-- `loginRecipient`). Before, every identified application of the person was read and its
-- phone compared, which made a known identity code measurably slower.
--
-- The phone in the national digit form, as custom-validators/phone.ts normalizeFinnishPhone
-- makes it (the forms store it so; rows written otherwise are compared alike).
CREATE FUNCTION login_phone(phone text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(regexp_replace(btrim(phone), '[[:space:]-]+', '', 'g'), '^\+358', '0') $$;

CREATE INDEX applications_login_phone ON applications (person_key, login_phone(data->>'primaryApplicantMobilephone'))
  WHERE identified_at IS NOT NULL AND person_key IS NOT NULL;
