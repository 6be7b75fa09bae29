import pg from 'pg';

// The bench's own connections to PostgreSQL (past the proxy the faults cut), named so the
// sampler counts the gateways' connections alone: their pools are what must stay bounded.

export const BENCH_APPLICATION = 'team-day bench';

export const benchClient = (databaseUrl: string) =>
  new pg.Client({ connectionString: databaseUrl, application_name: BENCH_APPLICATION });
