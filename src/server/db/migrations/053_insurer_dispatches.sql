-- Issue 27 item 7: a signed payment-protection insurance application goes to the (simulated)
-- insurer on the same durable queue as the lenders' dispatches: one row per application (the
-- primary key: queued twice is queued once), answered by a worker in the transaction that
-- stores the answer, so a crash before commit leaves it pending and a restart answers it;
-- never lost, never answered twice.
CREATE TABLE insurer_dispatches (
  insurance_application_id bigint PRIMARY KEY REFERENCES insurance_applications (id) ON DELETE CASCADE,
  due_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'answered')),
  decision text CHECK (decision IN ('ACCEPTED', 'DECLINED')),
  answered_at timestamptz,
  CONSTRAINT insurer_dispatches_answer_check CHECK ((status = 'answered') = (decision IS NOT NULL AND answered_at IS NOT NULL))
);
CREATE INDEX insurer_dispatches_due ON insurer_dispatches (due_at) WHERE status = 'pending';
