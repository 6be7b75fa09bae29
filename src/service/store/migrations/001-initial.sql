-- The whole data model of the reference service. Timestamps are ISO 8601 UTC strings of one
-- fixed width (Date#toISOString), so text order is time order and keyset comparisons work.
-- JSON columns hold values the service never filters on.

CREATE TABLE owners (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL
) STRICT;

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL REFERENCES owners(id),
  display_name TEXT NOT NULL,
  email TEXT NOT NULL,
  job_title TEXT,
  phone_number TEXT,
  is_notary INTEGER NOT NULL DEFAULT 0,
  deactivated_on TEXT,
  signature_image_key TEXT,
  notary_seal_image_key TEXT,
  created_on TEXT NOT NULL
) STRICT;
CREATE INDEX users_owner_name ON users(owner, display_name, id);
CREATE INDEX users_owner_created ON users(owner, created_on, id);

-- OAuth clients. perms and scopes are JSON arrays; the secret is kept as a scrypt hash.
CREATE TABLE clients (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL REFERENCES owners(id),
  secret_hash TEXT NOT NULL,
  user_id TEXT REFERENCES users(id),
  perms TEXT NOT NULL,
  scopes TEXT NOT NULL
) STRICT;

-- Every token issued, so that a client's tokens can be revoked before they expire.
CREATE TABLE issued_tokens (
  jti TEXT PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES clients(id),
  issued_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
) STRICT;
CREATE INDEX issued_tokens_client ON issued_tokens(client_id, expires_at);

CREATE TABLE firms (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL REFERENCES owners(id),
  firm_code TEXT NOT NULL,
  name TEXT NOT NULL,
  metadata TEXT NOT NULL DEFAULT '{}',
  created_on TEXT NOT NULL,
  UNIQUE (owner, firm_code)
) STRICT;
CREATE INDEX firms_owner_name ON firms(owner, name, id);

CREATE TABLE creditors (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL REFERENCES owners(id),
  creditor_code TEXT NOT NULL,
  name TEXT NOT NULL,
  created_on TEXT NOT NULL
) STRICT;
CREATE INDEX creditors_owner_name ON creditors(owner, name, id);

-- One matter per account: matter_id is the matterId of its entities and the matterUUID of
-- its events.
CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL REFERENCES owners(id),
  crid TEXT NOT NULL,
  matter_id TEXT NOT NULL UNIQUE,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL,
  UNIQUE (owner, crid)
) STRICT;
CREATE INDEX accounts_owner_created ON accounts(owner, created_on, id);

CREATE TABLE entities (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL REFERENCES owners(id),
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  name TEXT NOT NULL,
  first_name TEXT,
  middle_name TEXT,
  last_name TEXT,
  suffix TEXT,
  date_of_birth TEXT,
  phone TEXT,
  email TEXT,
  also_known TEXT,
  external_entity_id TEXT,
  language_preference TEXT,
  ssn_encrypted TEXT,
  ssn_last_four TEXT,
  official_address TEXT,
  mailing_address TEXT,
  physical_address TEXT,
  metadata TEXT NOT NULL DEFAULT '{}',
  created_on TEXT NOT NULL
) STRICT;
CREATE INDEX entities_account ON entities(account_id, created_on, id);

-- Stored PDFs. blob_key names the bytes in the blob store (files in the data folder).
CREATE TABLE files (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL REFERENCES owners(id),
  account_id TEXT REFERENCES accounts(id),
  filename TEXT NOT NULL,
  size INTEGER NOT NULL,
  blob_key TEXT NOT NULL,
  matter_reference TEXT NOT NULL,
  prepared_by TEXT NOT NULL,
  prepared_on TEXT NOT NULL,
  firm_id TEXT NOT NULL,
  templates TEXT NOT NULL DEFAULT '[]',
  created_on TEXT NOT NULL
) STRICT;
CREATE INDEX files_owner_created ON files(owner, created_on, id);

CREATE TABLE file_requests (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL REFERENCES owners(id),
  file_id TEXT NOT NULL REFERENCES files(id),
  account_id TEXT REFERENCES accounts(id),
  status TEXT NOT NULL,
  created_on TEXT NOT NULL
) STRICT;
CREATE INDEX file_requests_owner_created ON file_requests(owner, created_on, id);

CREATE TABLE checklists (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL REFERENCES owners(id),
  display_name TEXT NOT NULL,
  description TEXT,
  created_on TEXT NOT NULL
) STRICT;
CREATE INDEX checklists_owner_name ON checklists(owner, display_name, id);

-- items is the JSON array of checklist items of that version; the newest version is active.
CREATE TABLE checklist_versions (
  id TEXT PRIMARY KEY,
  checklist_id TEXT NOT NULL REFERENCES checklists(id),
  version TEXT NOT NULL,
  items TEXT NOT NULL,
  created_on TEXT NOT NULL,
  UNIQUE (checklist_id, version)
) STRICT;

CREATE TABLE qc_processes (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL REFERENCES owners(id),
  display_name TEXT NOT NULL,
  description TEXT,
  checklist_id TEXT NOT NULL REFERENCES checklists(id),
  -- 'postSigning' processes receive confirmed wet-ink scans.
  stage TEXT NOT NULL DEFAULT 'postSigning',
  created_on TEXT NOT NULL,
  archived_on TEXT
) STRICT;
CREATE INDEX qc_processes_owner_name ON qc_processes(owner, display_name, id);

-- A QC request's checklist items are its checklist version's items; verdicts holds the
-- per-item review state as JSON {itemId: {status, reviewerNote, completedBy}}.
CREATE TABLE qc_requests (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL REFERENCES owners(id),
  process_id TEXT NOT NULL REFERENCES qc_processes(id),
  checklist_version_id TEXT NOT NULL REFERENCES checklist_versions(id),
  file_id TEXT NOT NULL REFERENCES files(id),
  firm_id TEXT NOT NULL,
  signature_request_id TEXT,
  status TEXT NOT NULL,
  signed_by TEXT,
  signed_on TEXT,
  actors TEXT NOT NULL DEFAULT '[]',
  verdicts TEXT NOT NULL DEFAULT '{}',
  notes TEXT,
  review_id TEXT,
  review_short_id TEXT,
  review_started_on TEXT,
  review_completed_on TEXT,
  reviewed_by TEXT,
  created_on TEXT NOT NULL
) STRICT;
CREATE INDEX qc_requests_owner_created ON qc_requests(owner, created_on, id);
CREATE INDEX qc_requests_owner_status_created ON qc_requests(owner, status, created_on, id);

CREATE TABLE signature_requests (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL REFERENCES owners(id),
  file_id TEXT NOT NULL REFERENCES files(id),
  status TEXT NOT NULL,
  wet_ink INTEGER NOT NULL DEFAULT 0,
  scan_blob_key TEXT,
  completed_blob_key TEXT,
  signed_by TEXT,
  notarized_by TEXT,
  completed_on TEXT,
  created_on TEXT NOT NULL
) STRICT;
CREATE INDEX signature_requests_owner_created ON signature_requests(owner, created_on, id);
CREATE INDEX signature_requests_owner_status ON signature_requests(owner, status, created_on, id);

CREATE TABLE signature_transactions (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL REFERENCES owners(id),
  signer_id TEXT NOT NULL,
  notary_id TEXT,
  client_group TEXT,
  status TEXT NOT NULL,
  signature_requests TEXT NOT NULL DEFAULT '[]',
  otp_required INTEGER NOT NULL DEFAULT 0,
  otp_method TEXT,
  created_on TEXT NOT NULL,
  completed_on TEXT,
  failed_on TEXT
) STRICT;
CREATE INDEX signature_transactions_signer ON signature_transactions(owner, signer_id);
CREATE INDEX signature_transactions_notary ON signature_transactions(owner, notary_id);
