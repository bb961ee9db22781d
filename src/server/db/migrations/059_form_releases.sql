-- Issue 29 item 4: an application stays on the form it was started on. A release is a
-- resolved form document (its shared sections and shared messages folded in) stored
-- whole and named by its content hash, so it never changes; `live_forms` says which
-- release new applications of a document get. Publishing writes a release and moves the
-- pointer; nothing already stored moves with it.
CREATE TABLE form_releases (
  hash text PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{64}$'),
  document_id text NOT NULL CHECK (document_id ~ '^[a-z][a-z0-9-]*$'),
  document text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX form_releases_document ON form_releases (document_id, created_at);

CREATE TABLE live_forms (
  document_id text PRIMARY KEY,
  hash text NOT NULL REFERENCES form_releases (hash),
  since timestamptz NOT NULL DEFAULT now()
);

-- Null for an application started before releases existed: it follows the live form, as
-- every application did then.
ALTER TABLE applications ADD COLUMN form_release text REFERENCES form_releases (hash);
