-- Issue 27: payment-protection insurance (Maksuturva) applications. One row per application a
-- logged-in customer makes; the person is known by the keyed hash of their identity code
-- (person_key, as applications, sessions and one-time codes keep it), never the code itself.
-- `application_id` is the loan application whose details it was made from (the customer's
-- latest identified one), kept as evidence of where the details came from; the insurance
-- outlives that application's deletion.
--
-- `data` is the insurance form's validated data (forms/insurance.json: tier, the fee the server
-- derived from the price table, due date, contact details, assurances) and `content_hash` the
-- SHA-256 of exactly what is applied for (src/server/insurance/signed-content.ts), rewritten
-- with every change, so a signature binds to one version and a changed application needs a
-- new one. A SIGNED row keeps the evidence: who signed (their person key), when, the hash they
-- signed, the identification method and the broker's ID token claims without the identity
-- code. A signed application is not changed again (the repository refuses).
CREATE TABLE insurance_applications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  person_key bytea NOT NULL CHECK (octet_length(person_key) = 32),
  application_id bigint REFERENCES applications (id) ON DELETE SET NULL,
  brand text NOT NULL CHECK (brand ~ '^[a-z][a-z0-9-]*$'),
  data jsonb NOT NULL CHECK (jsonb_typeof(data) = 'object'),
  terms_version text NOT NULL CHECK (terms_version <> ''),
  content_hash bytea NOT NULL CHECK (octet_length(content_hash) = 32),
  status text NOT NULL DEFAULT 'WAITING_FOR_SIGNATURE' CHECK (status IN ('WAITING_FOR_SIGNATURE', 'SIGNED')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  signed_at timestamptz,
  signer_key bytea CHECK (octet_length(signer_key) = 32),
  signed_hash bytea CHECK (octet_length(signed_hash) = 32),
  signature_method text,
  signature_claims jsonb CHECK (jsonb_typeof(signature_claims) = 'object'),
  CONSTRAINT insurance_applications_signed_check CHECK (
    (status = 'SIGNED') = (signed_at IS NOT NULL AND signer_key IS NOT NULL AND signed_hash IS NOT NULL AND signature_method IS NOT NULL AND signature_claims IS NOT NULL)
  ),
  -- Only the insured person signs, and only what is stored.
  CONSTRAINT insurance_applications_signer_check CHECK (status <> 'SIGNED' OR (signer_key = person_key AND signed_hash = content_hash))
);
CREATE INDEX insurance_applications_by_person ON insurance_applications (person_key, created_at DESC);
