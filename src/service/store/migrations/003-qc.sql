-- The document a QC request reviews when it is not its file's own PDF (a wet-ink scan).
ALTER TABLE qc_requests ADD COLUMN blob_key TEXT;
