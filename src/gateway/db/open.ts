import { LOCAL_BUS, postgresBus, type Bus } from './bus.ts';
import { openPostgres } from './postgres.ts';
import type { Sql } from './sql.ts';
import { openSqlite } from './sqlite.ts';

export interface DatabaseOptions {
  /** Where gateway.db lives when there is no `url`; null keeps it in memory. */
  dataDir: string | null;
  /** ATTEST_DATABASE_URL: PostgreSQL for every process of a team. */
  url?: string | undefined;
  /** A schema of that database (tests); public when unset. */
  schema?: string | undefined;
  log: (message: string, detail?: unknown) => void;
}

export interface GatewayDatabase {
  sql: Sql;
  /** How this process hears what the other processes of the same database did. */
  bus: Bus;
  close(): Promise<void>;
}

/** PostgreSQL when a URL is given, else SQLite as always: migrated, ready for the stores. */
export async function openGatewayDatabase(o: DatabaseOptions): Promise<GatewayDatabase> {
  if (!o.url) {
    const sql = openSqlite(o.dataDir);
    return { sql, bus: LOCAL_BUS, close: () => sql.close() };
  }
  const options = { url: o.url, log: o.log, ...(o.schema && { schema: o.schema }) };
  const sql = await openPostgres(options);
  try {
    const bus = await postgresBus(options, sql);
    return {
      sql,
      bus,
      close: async () => {
        await bus.close();
        await sql.close();
      },
    };
  } catch (error) {
    await sql.close();
    throw error;
  }
}
