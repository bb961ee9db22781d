-- Issue 15 item 4: the mortgage pre-analysis. One row per application, written once
-- when the analysis runs (no row: still READY_FOR_ANALYSIS), so a restart keeps every
-- outcome and a repeated analysis changes none. `forwarded_to` holds the codes of the
-- partner banks that accepted (mortgage-banks.json), `reasons` the reason codes the
-- denied page shows; codes, not texts, so a reworded text reaches old outcomes too.
CREATE TABLE mortgage_analyses (
  application_id bigint PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('OTHER', 'DENIED')),
  forwarded_to text[] NOT NULL,
  reasons text[] NOT NULL,
  analysed_at timestamptz NOT NULL,
  -- Forwarded exactly when some bank accepted; reasons only for a denial.
  CHECK ((status = 'OTHER') = (cardinality(forwarded_to) > 0)),
  CHECK (status = 'DENIED' OR cardinality(reasons) = 0)
);
