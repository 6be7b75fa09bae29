-- How far the sandbox has advanced the service clock, in milliseconds ahead of the wall clock.
-- Without it a restart put the clock back: retries scheduled under the advanced
-- clock lay that far ahead, and tokens issued under it outlived their lifetime. One row: the
-- clock is the whole service's, not an owner's, so a sandbox reset leaves it alone.
CREATE TABLE service_clock (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  offset_ms INTEGER NOT NULL
) STRICT;
