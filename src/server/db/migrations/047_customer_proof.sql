-- Issue 24 item 2: the customer area shows and acts on an application only when the person
-- proved it is theirs. For a product that identifies, that is `identified_at` (the bank
-- confirmed the primary applicant). A product nobody identifies for (the business loan) is
-- proved when a logged-in customer created it in their own session with their own identity
-- code: the time of that is kept here. Anything else bearing a person's identity code (a
-- draft, a business application anyone sent with the code typed in) stays out of their area.
ALTER TABLE applications ADD COLUMN customer_proved_at timestamptz;
