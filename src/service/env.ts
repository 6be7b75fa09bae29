import { resolve } from 'node:path';
import { z } from 'zod';

// The only place the service reads process.env: parsed once at start-up, so a bad value
// fails loudly before anything listens.
const ServiceEnvSchema = z.object({
  SERVICE_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  SERVICE_HOST: z.string().min(1).default('127.0.0.1'),
  ATTEST_DATA_DIR: z.string().min(1).default('.attest'),
  // The base URL the service names itself by (token `iss`, scopes, presigned URLs); by
  // default http://<host>:<port>.
  ATTEST_SERVICE_URL: z.url().optional(),
});

export interface ServiceEnv {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string | undefined;
}

export function readServiceEnv(env: NodeJS.ProcessEnv = process.env): ServiceEnv {
  const parsed = ServiceEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`invalid environment for the service:\n${z.prettifyError(parsed.error)}`);
  }
  const e = parsed.data;
  return {
    port: e.SERVICE_PORT,
    host: e.SERVICE_HOST,
    dataDir: resolve(e.ATTEST_DATA_DIR),
    publicUrl: e.ATTEST_SERVICE_URL?.replace(/\/+$/, ''),
  };
}
