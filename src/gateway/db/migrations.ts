// The gateway's own database, apart from the service's attest.db: against a real
// deployment there is no service database at all. Migrations are applied in order and
// recorded (SQLite: PRAGMA user_version; PostgreSQL: gateway_schema); one never changes once
// it has landed. They are written in SQLite's words; forPostgres() says them in PostgreSQL's.
export const MIGRATIONS = [
  `
  -- id_hash: SHA-256 of the cookie value, so a copy of this file cannot be replayed as a
  -- cookie. secret and token are AES-256-GCM sealed (secret-box.ts).
  CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    client_id TEXT NOT NULL,
    secret TEXT NOT NULL,
    token TEXT,
    token_expires_at INTEGER,
    owner TEXT NOT NULL,
    user_json TEXT,
    permissions TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX sessions_last_seen ON sessions (last_seen_at);

  CREATE TABLE received_events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    hook_id TEXT NOT NULL,
    owner TEXT NOT NULL,
    type TEXT NOT NULL,
    verified INTEGER NOT NULL,
    received_on TEXT NOT NULL,
    payload TEXT NOT NULL
  ) STRICT;
  -- De-duplication on hook-id among verified deliveries only: a forged delivery must not
  -- be able to claim a hook-id ahead of the real one.
  CREATE UNIQUE INDEX received_events_hook_id ON received_events (hook_id) WHERE verified = 1;
  CREATE INDEX received_events_owner ON received_events (owner, verified, seq);
  `,
  `
  -- Decision 013: refused deliveries become a small ring per owner (event-log.ts). Those kept so
  -- far were kept under whatever owner name a sender chose, forged floods included: they are
  -- dropped rather than sorted.
  DELETE FROM received_events WHERE verified = 0;
  CREATE INDEX received_events_refused ON received_events (owner, seq) WHERE verified = 0;
  `,
  `
  -- Decision 015: a staging service beside production. Every row so far came from the one
  -- upstream there was, production. Two services may number their hook-ids alike, so
  -- de-duplication and every per-owner list are per environment too.
  ALTER TABLE sessions ADD COLUMN environment TEXT NOT NULL DEFAULT 'production'
    CHECK (environment IN ('production', 'staging'));
  ALTER TABLE received_events ADD COLUMN environment TEXT NOT NULL DEFAULT 'production'
    CHECK (environment IN ('production', 'staging'));
  DROP INDEX received_events_hook_id;
  CREATE UNIQUE INDEX received_events_hook_id ON received_events (environment, hook_id)
    WHERE verified = 1;
  DROP INDEX received_events_owner;
  CREATE INDEX received_events_owner ON received_events (environment, owner, verified, seq);
  DROP INDEX received_events_refused;
  CREATE INDEX received_events_refused ON received_events (environment, owner, seq)
    WHERE verified = 0;
  `,
  `
  -- Decision 020: the QC team's claims and the decisions made through the console. Kept by the
  -- gateway: the upstream knows nothing of either. Times are epoch milliseconds.
  CREATE TABLE qc_claims (
    environment TEXT NOT NULL,
    owner TEXT NOT NULL,
    request_id TEXT NOT NULL,
    holder_id TEXT NOT NULL,
    holder_name TEXT NOT NULL,
    claimed_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (environment, owner, request_id)
  ) STRICT;
  CREATE INDEX qc_claims_holder ON qc_claims (environment, owner, holder_id);

  CREATE TABLE qc_take_overs (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    environment TEXT NOT NULL,
    owner TEXT NOT NULL,
    request_id TEXT NOT NULL,
    from_id TEXT NOT NULL,
    from_name TEXT NOT NULL,
    to_id TEXT NOT NULL,
    to_name TEXT NOT NULL,
    at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX qc_take_overs_request ON qc_take_overs (environment, owner, request_id);

  -- record: the DecisionRecord's JSON (contract/team.ts) as it was recorded.
  CREATE TABLE qc_decisions (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    environment TEXT NOT NULL,
    owner TEXT NOT NULL,
    request_id TEXT NOT NULL,
    decided_at INTEGER NOT NULL,
    record TEXT NOT NULL
  ) STRICT;
  CREATE INDEX qc_decisions_request ON qc_decisions (environment, owner, request_id);
  CREATE INDEX qc_decisions_time ON qc_decisions (environment, owner, decided_at);
  `,
  `
  -- Decision 021: what a QC manager sets per process (a target age, a share of approvals
  -- sampled for a second review) and the sampled approvals. The gateway's own, like the
  -- history. A decision names its process by name only (the spec's QC request), hence the
  -- index on process_name. Times are epoch milliseconds.
  CREATE TABLE qc_process_settings (
    environment TEXT NOT NULL,
    owner TEXT NOT NULL,
    process_id TEXT NOT NULL,
    process_name TEXT NOT NULL,
    target_age_hours REAL,
    sample_percent REAL NOT NULL,
    updated_by_id TEXT NOT NULL,
    updated_by_name TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (environment, owner, process_id)
  ) STRICT;
  CREATE INDEX qc_process_settings_name ON qc_process_settings (environment, owner, process_name);

  -- record: the Sample's JSON (contract/qc-management.ts), first review included. One per
  -- request: a request is sampled at most once.
  CREATE TABLE qc_samples (
    environment TEXT NOT NULL,
    owner TEXT NOT NULL,
    request_id TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('open', 'agreed', 'flagged', 'resolved')),
    first_reviewer_id TEXT NOT NULL,
    sampled_at INTEGER NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (environment, owner, request_id)
  ) STRICT;
  CREATE INDEX qc_samples_state ON qc_samples (environment, owner, state, sampled_at);
  CREATE INDEX qc_samples_time ON qc_samples (environment, owner, sampled_at);
  `,
  `
  -- Decision 023: failed sign-ins, counted across every process of one database (sign-in-limit.ts),
  -- and the gateway's own facts (the session key's fingerprint).
  CREATE TABLE sign_in_failures (
    pair TEXT NOT NULL,
    at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX sign_in_failures_pair ON sign_in_failures (pair, at);
  CREATE INDEX sign_in_failures_at ON sign_in_failures (at);

  CREATE TABLE gateway_meta (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) STRICT;
  `,
  `
  -- A message for the other processes too large for NOTIFY's 8000-byte payload (db/bus.ts):
  -- NOTIFY carries its id and each listener reads it here. Kept for minutes only.
  CREATE TABLE bus_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    payload TEXT NOT NULL,
    at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX bus_messages_at ON bus_messages (at);
  `,
  `
  -- ADR 020's reviewer holds were named claims, a word a token's claims already had: the
  -- table, its time column and its index take the name the code uses. The rows stay.
  ALTER TABLE qc_claims RENAME TO qc_holds;
  ALTER TABLE qc_holds RENAME COLUMN claimed_at TO held_since;
  DROP INDEX qc_claims_holder;
  CREATE INDEX qc_holds_holder ON qc_holds (environment, owner, holder_id);
  `,
  `
  -- ADR 029: findings, the failed items of the rejections the gateway recorded, each with its
  -- place, severity, responsible party and answers. record: the Finding's JSON (contract/
  -- findings.ts); the columns beside it are what lists filter and sort on. One per request,
  -- decision time and item, so a retried record makes none twice; version counts changes, so
  -- two managers at once cannot both move one. And what findings need of a process's
  -- settings: a response target in business days, and each item's severity (JSON by name).
  CREATE TABLE qc_findings (
    id TEXT PRIMARY KEY,
    environment TEXT NOT NULL,
    owner TEXT NOT NULL,
    request_id TEXT NOT NULL,
    decided_at INTEGER NOT NULL,
    item_id TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('open', 'disputed', 'cured', 'withdrawn')),
    severity TEXT NOT NULL CHECK (severity IN ('minor', 'major', 'critical')),
    category TEXT NOT NULL,
    process_name TEXT NOT NULL,
    firm_id TEXT NOT NULL,
    responsible_id TEXT,
    raised_by_id TEXT NOT NULL,
    raised_at INTEGER NOT NULL,
    due_at INTEGER NOT NULL,
    version INTEGER NOT NULL,
    record TEXT NOT NULL
  ) STRICT;
  CREATE UNIQUE INDEX qc_findings_item
    ON qc_findings (environment, owner, request_id, decided_at, item_id);
  CREATE INDEX qc_findings_raised ON qc_findings (environment, owner, raised_at, id);
  CREATE INDEX qc_findings_due ON qc_findings (environment, owner, state, due_at, id);
  CREATE INDEX qc_findings_responsible
    ON qc_findings (environment, owner, responsible_id, state, due_at);

  ALTER TABLE qc_process_settings ADD COLUMN response_days INTEGER NOT NULL DEFAULT 2;
  ALTER TABLE qc_process_settings ADD COLUMN severities TEXT NOT NULL DEFAULT '{}';
  `,
  `
  -- ADR 030: notices the gateway POSTs to ATTEST_NOTICE_URL (notices/outbox.ts). id is the
  -- webhook-id, the same on every attempt. state: pending (due at next_attempt_at), sent or
  -- failed; a process sending one holds it until lease_until, under its lease_token, so no
  -- other process sends it meanwhile. round counts redeliveries; attempts, this round's tries.
  -- Times are epoch milliseconds.
  CREATE TABLE notices (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    environment TEXT NOT NULL,
    owner TEXT NOT NULL,
    type TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'sent', 'failed')),
    round INTEGER NOT NULL,
    attempts INTEGER NOT NULL,
    next_attempt_at INTEGER,
    lease_until INTEGER,
    lease_token TEXT,
    sent_at INTEGER
  ) STRICT;
  CREATE INDEX notices_due ON notices (state, next_attempt_at);
  CREATE INDEX notices_feed ON notices (environment, owner, seq);
  CREATE INDEX notices_created ON notices (created_at);

  CREATE TABLE notice_attempts (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    notice_id TEXT NOT NULL,
    round INTEGER NOT NULL,
    attempt INTEGER NOT NULL,
    at INTEGER NOT NULL,
    status_code INTEGER,
    error TEXT,
    duration_ms INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX notice_attempts_notice ON notice_attempts (notice_id, seq);
  `,
  `
  -- ADR 029: a copy of the document of a QC request with findings, kept for the party
  -- responsible, whom the service does not show QC documents to. One per request (a request's
  -- file never changes: a rescan is a new request), at most 25 MB, made after the decision's
  -- answer with the deciding reviewer's token. content: the PDF's bytes. kept_at: epoch ms.
  CREATE TABLE finding_documents (
    environment TEXT NOT NULL,
    owner TEXT NOT NULL,
    request_id TEXT NOT NULL,
    size INTEGER NOT NULL,
    kept_at INTEGER NOT NULL,
    content BLOB NOT NULL,
    PRIMARY KEY (environment, owner, request_id)
  ) STRICT;
  `,
  `
  -- Findings by e-mail (ADR 040; mail/). mails: one e-mail to one person, kept until sent.
  -- dedupe is what makes it once (the kind, the finding, its due date, the person): a scan
  -- that finds the same reminder again, or a second process, inserts nothing. state: held
  -- (for the person's daily digest), pending (due at next_attempt_at), sent, failed, or
  -- digested (sent inside a digest). content: subject, text and HTML, as composed.
  CREATE TABLE mails (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    dedupe TEXT NOT NULL UNIQUE,
    environment TEXT NOT NULL,
    owner TEXT NOT NULL,
    kind TEXT NOT NULL,
    finding_id TEXT,
    to_id TEXT NOT NULL,
    to_name TEXT NOT NULL,
    subject TEXT NOT NULL,
    content TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('held', 'pending', 'sent', 'failed', 'digested')),
    attempts INTEGER NOT NULL,
    next_attempt_at INTEGER,
    lease_until INTEGER,
    lease_token TEXT,
    sent_at INTEGER,
    address TEXT,
    last_error TEXT
  ) STRICT;
  CREATE INDEX mails_due ON mails (state, next_attempt_at);
  CREATE INDEX mails_feed ON mails (environment, owner, seq);
  CREATE INDEX mails_person ON mails (environment, owner, to_id, state);

  -- Who the gateway mails: a person's address (from their sign-in, or read from the service
  -- with the owner's mail client), whether they are a QC manager (seen signing in with
  -- qc.manage), and what they chose: each finding at once, a daily digest, or none.
  CREATE TABLE mail_people (
    environment TEXT NOT NULL,
    owner TEXT NOT NULL,
    user_id TEXT NOT NULL,
    name TEXT NOT NULL,
    email TEXT,
    manager INTEGER NOT NULL DEFAULT 0,
    choice TEXT NOT NULL DEFAULT 'each' CHECK (choice IN ('each', 'digest', 'none')),
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (environment, owner, user_id)
  ) STRICT;

  ALTER TABLE qc_process_settings ADD COLUMN escalation_days INTEGER NOT NULL DEFAULT 2;
  `,
  `
  -- ADR 041: corrective actions a QC manager records for a month, against a category, firm,
  -- notary or process. record: the action as the contract has it (report.ts).
  CREATE TABLE corrective_actions (
    environment TEXT NOT NULL,
    owner TEXT NOT NULL,
    id TEXT NOT NULL,
    month TEXT NOT NULL,
    status TEXT NOT NULL,
    recorded_at INTEGER NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (environment, owner, id)
  ) STRICT;
  CREATE INDEX corrective_actions_month ON corrective_actions (environment, owner, month);

  -- Who gets last month's report by e-mail (ADR 041): a JSON array of addresses per owner.
  CREATE TABLE report_recipients (
    environment TEXT NOT NULL,
    owner TEXT NOT NULL,
    recipients TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (environment, owner)
  ) STRICT;
  `,
  `
  -- The machine's first read (ADR 042). checks: a process's binding of checklist items (by
  -- name) to checks, as JSON; NULL keeps the suggested binding. machine_checks: one row per
  -- request and document, waiting until one process leases and reads it, then its result.
  ALTER TABLE qc_process_settings ADD COLUMN checks TEXT;

  CREATE TABLE machine_checks (
    environment TEXT NOT NULL,
    owner TEXT NOT NULL,
    request_id TEXT NOT NULL,
    state TEXT NOT NULL,
    priority INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    lease_until INTEGER,
    lease_token TEXT,
    attempts INTEGER NOT NULL,
    checked_at INTEGER,
    document TEXT,
    result TEXT,
    PRIMARY KEY (environment, owner, request_id)
  ) STRICT;
  CREATE INDEX machine_checks_due ON machine_checks (state, priority, created_at);
  `,
  `
  -- A result kept by an older checker (its rules have changed since) is read again for a
  -- request not decided yet (ADR 042); its old result stands until the new one is kept.
  -- checker_version: the checker that kept the result (NULL: before versions were kept, 1.0).
  -- recheck: 1 while such a result waits to be read again.
  ALTER TABLE machine_checks ADD COLUMN checker_version TEXT;
  ALTER TABLE machine_checks ADD COLUMN recheck INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX machine_checks_recheck ON machine_checks (recheck, priority, created_at);
  `,
];

/**
 * A migration in PostgreSQL's words: BIGINT for SQLite's 64-bit INTEGER (times are epoch
 * milliseconds), DOUBLE PRECISION for its 8-byte REAL, BYTEA for BLOB, an identity column for
 * AUTOINCREMENT, and no STRICT (PostgreSQL's columns are strictly typed already).
 */
export function forPostgres(text: string): string {
  return text
    .replace(
      /INTEGER PRIMARY KEY AUTOINCREMENT/g,
      'BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY',
    )
    .replace(/\bINTEGER\b/g, 'BIGINT')
    .replace(/\bREAL\b/g, 'DOUBLE PRECISION')
    .replace(/\bBLOB\b/g, 'BYTEA')
    .replace(/\)\s*STRICT\s*;/g, ');');
}
