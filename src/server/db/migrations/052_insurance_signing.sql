-- Issue 27 item 6: signing a payment-protection insurance application at the bank (the same
-- OpenID Connect broker as identification; src/flows/insurance/signing.ts).
--
-- `insurance_signing_requests`: one row per redirect to the provider to sign, found by the
-- SHA-256 of its random `state`, used once (taken out by the callback) and valid for 10
-- minutes; expired rows go with each new one, as identification_requests'. It holds who
-- started it (the logged-in person's key), the content hash of the application then, and the
-- salt that with that hash makes the OIDC nonce (so the ID token the broker signs commits to
-- the content), the PKCE verifier sealed (AES-GCM under a key derived from the client secret),
-- and the SHA-256 of the binding cookie of the browser that started it.
CREATE TABLE insurance_signing_requests (
  state_hash bytea PRIMARY KEY CHECK (octet_length(state_hash) = 32),
  insurance_application_id bigint NOT NULL REFERENCES insurance_applications (id) ON DELETE CASCADE,
  person_key bytea NOT NULL CHECK (octet_length(person_key) = 32),
  method text NOT NULL,
  content_hash bytea NOT NULL CHECK (octet_length(content_hash) = 32),
  nonce_salt bytea NOT NULL CHECK (octet_length(nonce_salt) = 16),
  code_verifier_sealed bytea NOT NULL,
  redirect_uri text NOT NULL,
  browser_hash bytea NOT NULL CHECK (octet_length(browser_hash) = 32),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX insurance_signing_requests_expires ON insurance_signing_requests (expires_at);

-- The evidence of a signature gets the nonce's salt: with the stored content hash it gives the
-- nonce again, which the stored ID token claims carry, so a later reader can check that the
-- token the broker signed was for exactly this content. Null on rows signed without a bank
-- (none in production; tests that store a signature directly).
ALTER TABLE insurance_applications ADD COLUMN signature_nonce_salt bytea CHECK (octet_length(signature_nonce_salt) = 16);

-- Every finished signing attempt, as strong_authentications for identification: the outcome
-- and a short reason, never an identity code (a wrong signer is recorded as a mismatch only).
CREATE TABLE insurance_signing_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  insurance_application_id bigint NOT NULL REFERENCES insurance_applications (id) ON DELETE CASCADE,
  method text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('signed', 'cancelled', 'failed', 'mismatch', 'changed')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX insurance_signing_attempts_application ON insurance_signing_attempts (insurance_application_id);
