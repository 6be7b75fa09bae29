-- The redactions the spec's list envelope names (interface-gaps #7, #23). A
-- redaction is a rectangle on one page of a file, in PDF points from the page's bottom-left.
CREATE TABLE redactions (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL REFERENCES owners(id),
  file_id TEXT NOT NULL REFERENCES files(id),
  page INTEGER NOT NULL CHECK (page >= 1),
  x REAL NOT NULL CHECK (x >= 0),
  y REAL NOT NULL CHECK (y >= 0),
  width REAL NOT NULL CHECK (width > 0),
  height REAL NOT NULL CHECK (height > 0),
  reason TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 100),
  created_by TEXT REFERENCES users(id),
  created_on TEXT NOT NULL
) STRICT;
-- The list's keyset order, and its fileId filter in the same order.
CREATE INDEX redactions_owner_created ON redactions(owner, created_on, id);
CREATE INDEX redactions_file_created ON redactions(file_id, created_on, id);
