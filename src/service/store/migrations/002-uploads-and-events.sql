-- Upload keys issued through presigned URLs, and the webhook outbox.

-- One row per issued upload key. The bytes land in the blob store under `key` once the
-- presigned POST (or deprecated PUT) succeeds; uploaded_on says they did.
CREATE TABLE uploads (
  key TEXT PRIMARY KEY,
  owner TEXT NOT NULL REFERENCES owners(id),
  kind TEXT NOT NULL,          -- 'scan' | 'signature' | 'notarySeal' | 'file'
  subject_id TEXT NOT NULL,    -- signature request, user or file the upload is for
  content_type TEXT,
  size INTEGER,
  created_on TEXT NOT NULL,
  expires_on TEXT NOT NULL,
  uploaded_on TEXT
) STRICT;
CREATE INDEX uploads_subject ON uploads(owner, subject_id, kind);

-- Events written in the same transaction as the change that causes them; the dispatcher
-- delivers them and survives restarts because its state is here.
CREATE TABLE outbox (
  id TEXT PRIMARY KEY,         -- the hook-id, stable across retries
  owner TEXT NOT NULL REFERENCES owners(id),
  event_type TEXT NOT NULL,
  payload TEXT NOT NULL,
  -- DOCUMENT_READY: the blob behind downloadUrl, presigned afresh for every attempt so a
  -- retry hours later still carries a URL valid for 60 minutes.
  download_blob_key TEXT,
  created_on TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',  -- 'pending' | 'delivered' | 'failed'
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_on TEXT,
  delivered_on TEXT
) STRICT;
CREATE INDEX outbox_due ON outbox(status, next_attempt_on);
CREATE INDEX outbox_owner_created ON outbox(owner, created_on, id);

CREATE TABLE delivery_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id TEXT NOT NULL REFERENCES outbox(id) ON DELETE CASCADE,
  attempt INTEGER NOT NULL,
  attempted_on TEXT NOT NULL,
  url TEXT NOT NULL,
  status_code INTEGER,
  error TEXT,
  duration_ms INTEGER NOT NULL
) STRICT;
CREATE INDEX delivery_attempts_message ON delivery_attempts(message_id, attempt);

CREATE INDEX qc_requests_owner_process ON qc_requests(owner, process_id, created_on, id);
CREATE INDEX qc_requests_owner_firm ON qc_requests(owner, firm_id, created_on, id);
