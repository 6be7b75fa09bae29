import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname } from 'node:path';
import pg from 'pg';
import { expect, it } from 'vitest';
import { findPostgres, startThrowawayPostgres } from './postgres-cluster.ts';

const found = findPostgres();

it('starts a throwaway cluster, answers a query, and leaves nothing behind', async (ctx) => {
  if ('missing' in found) return ctx.skip(`PostgreSQL tests skipped: ${found.missing}`);
  const cluster = await startThrowawayPostgres();
  const url = new URL(cluster.url);
  expect(url.hostname).toBe('127.0.0.1');

  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  const { rows } = await client.query<{ one: number; dir: string }>(
    'SELECT 1 AS one, current_setting($1) AS dir',
    ['data_directory'],
  );
  await client.end();
  expect(rows[0]?.one).toBe(1);
  // The temporary folder holds the data directory, the socket and the log.
  const folder = dirname(rows[0]!.dir);
  expect(existsSync(folder)).toBe(true);

  await cluster.stop();
  expect(existsSync(folder)).toBe(false);
  await expect(canConnect(Number(url.port))).resolves.toBe(false);
});

function canConnect(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
