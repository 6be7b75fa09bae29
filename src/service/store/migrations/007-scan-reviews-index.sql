-- The wet-ink rework loop: a signature request's scan reviews (signatures/scan-reviews.ts)
-- are found by signature request; without an index every lookup scans all of an owner's QC
-- requests.
CREATE INDEX qc_requests_signature_request ON qc_requests (owner, signature_request_id)
  WHERE signature_request_id IS NOT NULL;
