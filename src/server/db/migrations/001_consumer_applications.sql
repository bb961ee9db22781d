-- Consumer loan applications (kulutusluotto and its yhdistelylaina variant).
-- `data` holds the form data as the form document validated and pruned it;
-- `additional_form_data` the client's navigation state (step, hasCoApplicant, ...);
-- `tracking` where the applicant came from. The token itself is never stored.
CREATE TABLE consumer_applications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash bytea NOT NULL CHECK (octet_length(token_hash) = 32),
  product text NOT NULL CHECK (product IN ('kulutusluotto', 'yhdistelylaina')),
  brand text NOT NULL CHECK (brand IN ('lainavertailu', 'kattokorko')),
  step smallint NOT NULL CHECK (step BETWEEN 0 AND 7),
  data jsonb NOT NULL,
  additional_form_data jsonb NOT NULL,
  tracking jsonb NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'finalized')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finalized_at timestamptz,
  CHECK ((status = 'finalized') = (finalized_at IS NOT NULL))
);
