-- Issue 11, item 8: finalize used to be accepted before strong identification, which
-- left an application finalized but never identified: identification, completion and
-- updates all refused it, so it could never reach the lenders. Finalizing now requires
-- identification; applications stuck that way go back to step 7 as drafts, where the
-- applicant can identify and send them.
UPDATE consumer_applications
SET status = 'draft',
    step = 7,
    finalized_at = NULL,
    updated_at = now(),
    additional_form_data = additional_form_data || '{"step": 7}'::jsonb
WHERE status = 'finalized' AND identified_at IS NULL;
