import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from './postgres.ts';
import { DatabaseUnavailableError } from './sql.ts';
import { onPostgres, testDatabase } from '../testing/database.ts';

// The pool over a real PostgreSQL (the gateway-postgres project's), with a connection ended
// by the server, as a database cut away or restarted ends them.

describe.runIf(onPostgres())('a transaction whose connection breaks between its queries', () => {
  it('fails with the database out of reach, and the process goes on', async () => {
    const database = testDatabase()!;
    const logged: string[] = [];
    const sql = await openPostgres({ ...database, log: (message) => logged.push(message) });
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      let backend = 0;
      const attempt = sql.transaction(async (tx) => {
        const row = await tx.get<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        backend = Number(row?.pid);
        // Between two queries the server ends this connection: the client hears it idle.
        await admin.query('SELECT pg_terminate_backend($1)', [backend]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        return tx.get('SELECT 1 AS one');
      });
      await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
      expect(logged).toContain('PostgreSQL connection lost');
      // The broken connection is not handed out again: the next transaction works.
      const again = await sql.transaction(async (tx) =>
        tx.get<{ pid: number }>('SELECT pg_backend_pid() AS pid'),
      );
      expect(Number(again?.pid)).not.toBe(backend);
    } finally {
      await admin.end();
      await sql.close();
    }
  });
});
