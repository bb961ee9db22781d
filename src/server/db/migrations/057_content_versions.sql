-- Issue 29 item 2: every content item (a form document `document:<id>`, a shared section
-- `section:<id>`, the `catalogue`, later `content:<name>`) has numbered versions that go
-- draft → review → live → retired (engine/core/version-states.ts). A version's content never
-- changes once written; a rollback is a new version copying an earlier one.
--
-- `source` is json, not jsonb: jsonb reorders object keys (shortest first), and forms:pull
-- writes the live source back into forms/, where the authors' key order is what a reviewer
-- reads in a diff. `hash` (SHA-256 of the JSON with sorted keys) is what compares contents.
CREATE TABLE content_versions (
  item text NOT NULL CHECK (item ~ '^[a-z]+(:[a-z0-9][a-z0-9/-]*)?$' AND length(item) <= 200),
  number integer NOT NULL CHECK (number >= 1),
  source json NOT NULL,
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  author text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  note text NOT NULL DEFAULT '',
  state text NOT NULL CHECK (state IN ('draft', 'review', 'live', 'retired')),
  state_changed_at timestamptz NOT NULL DEFAULT now(),
  state_changed_by text NOT NULL,
  -- Why it was sent back to draft.
  comment text,
  -- A rollback's origin, or the live version a draft was made from (what its diff is against).
  based_on integer,
  -- When it went live: only a version that has been live may be rolled back to.
  live_at timestamptz,
  -- What the publish gate said when it went live (forms:check, the QA verdict).
  verdict jsonb,
  PRIMARY KEY (item, number),
  CHECK (state <> 'live' OR live_at IS NOT NULL)
);
-- At most one live version per item: two approvers publishing at once cannot both win.
CREATE UNIQUE INDEX content_versions_one_live ON content_versions (item) WHERE state = 'live';

-- The last baseline imported from the repository's forms/ per item, so that a start imports
-- only what changed in the files since, and knows whether the database published anything after it.
CREATE TABLE content_baselines (
  item text PRIMARY KEY,
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  imported_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL,
  FOREIGN KEY (item, version) REFERENCES content_versions (item, number)
);
