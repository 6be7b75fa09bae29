-- Review shortIds were "the owner's reviews so far + 1", which repeats the ids the demo seed
-- gave out sparsely (a burst of decisions produced 52 duplicates). From here on
-- each owner has a sequence, advanced in the transaction that records the decision, and an
-- index makes a repeat impossible.

CREATE TABLE review_sequences (
  owner TEXT PRIMARY KEY REFERENCES owners(id),
  last INTEGER NOT NULL
) STRICT;

-- Of the reviews sharing a shortId, the earliest (by completion time, then id) keeps it; the
-- others are numbered after the owner's highest shortId, in the same order, so the result
-- depends only on the data.
CREATE TEMP TABLE review_renumbering AS
WITH copies AS (
  SELECT id, owner, review_completed_on,
    ROW_NUMBER() OVER (PARTITION BY owner, review_short_id ORDER BY review_completed_on, id) AS copy
  FROM qc_requests
  WHERE review_short_id IS NOT NULL
),
highest AS (
  SELECT owner, MAX(CAST(substr(review_short_id, 3) AS INTEGER)) AS high
  FROM qc_requests
  WHERE review_short_id GLOB 'R-[0-9]*'
  GROUP BY owner
)
SELECT copies.id,
  printf('R-%05d', COALESCE(highest.high, 0)
    + ROW_NUMBER() OVER (PARTITION BY copies.owner ORDER BY copies.review_completed_on, copies.id)) AS short_id
FROM copies LEFT JOIN highest ON highest.owner = copies.owner
WHERE copies.copy > 1;

UPDATE qc_requests
SET review_short_id = (SELECT short_id FROM review_renumbering r WHERE r.id = qc_requests.id)
WHERE id IN (SELECT id FROM review_renumbering);

DROP TABLE review_renumbering;

-- Each sequence starts after the owner's highest shortId.
INSERT INTO review_sequences (owner, last)
SELECT owner, MAX(CAST(substr(review_short_id, 3) AS INTEGER))
FROM qc_requests
WHERE review_short_id GLOB 'R-[0-9]*'
GROUP BY owner;

CREATE UNIQUE INDEX qc_requests_owner_review_short_id ON qc_requests(owner, review_short_id);
