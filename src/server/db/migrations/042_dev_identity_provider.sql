-- The development identity provider (issue 14, item 5): what it must share across a
-- restart and across instances on one database. Production never runs it (a broker
-- does the identification), so these tables stay empty there.

-- Its keys and the client secret, made once by whichever instance starts first: one row,
-- inserted with ON CONFLICT DO NOTHING and read back, so two instances starting at once
-- on one PostgreSQL end up with the same row. The secret also keys the sealing of the
-- application token in identification_requests, so any instance can unseal a callback.
CREATE TABLE dev_identity_provider_keys (
  id smallint PRIMARY KEY CHECK (id = 1),
  client_secret text NOT NULL CHECK (length(client_secret) >= 32),
  cookie_keys jsonb NOT NULL CHECK (jsonb_typeof(cookie_keys) = 'array'),
  signing_key jsonb NOT NULL CHECK (jsonb_typeof(signing_key) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- oidc-provider's models (Interaction, Session, Grant, AuthorizationCode, AccessToken,
-- ReplayDetection, …) by model and id, with the lookups its adapter interface needs:
-- a Session by uid, a DeviceCode by user code, everything of a grant by grant id. The
-- looked-up values are copied out of the payload on write. Rows live minutes; expired
-- ones go as new interactions are written.
CREATE TABLE dev_identity_provider_models (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  uid text,
  user_code text,
  grant_id text,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (model, id)
);
CREATE INDEX dev_identity_provider_models_uid ON dev_identity_provider_models (model, uid) WHERE uid IS NOT NULL;
CREATE INDEX dev_identity_provider_models_user_code ON dev_identity_provider_models (model, user_code) WHERE user_code IS NOT NULL;
CREATE INDEX dev_identity_provider_models_grant ON dev_identity_provider_models (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX dev_identity_provider_models_expires ON dev_identity_provider_models (expires_at);
