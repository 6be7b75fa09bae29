import { parseArgs } from 'node:util';
import { readServiceEnv } from '../env.ts';
import { openServiceContext } from '../server.ts';
import { seedBulkAccounts, seedBulkQcRequests } from './bulk.ts';
import { seedDemo } from './demo.ts';

// `npm run seed -- --qc-requests 100000 [--accounts N] [--owner acme]`: seeds the demo data
// into the data folder when it is empty, then adds bulk records for benchmarks.
const { values } = parseArgs({
  options: {
    'qc-requests': { type: 'string', default: '0' },
    accounts: { type: 'string', default: '0' },
    owner: { type: 'string', default: 'acme' },
  },
});
const count = (name: string, text: string) => {
  if (!/^\d+$/.test(text)) throw new Error(`--${name} takes a whole number`);
  return Number(text);
};

const env = readServiceEnv();
const ctx = await openServiceContext(env.dataDir);
if (await seedDemo(ctx)) console.log(`seeded the demo data into ${env.dataDir}`);
const qc = count('qc-requests', values['qc-requests']);
const accounts = count('accounts', values.accounts);
if (qc > 0) {
  const ms = seedBulkQcRequests(ctx, values.owner, qc);
  console.log(`added ${qc} QC requests to ${values.owner} in ${(ms / 1000).toFixed(1)} s`);
}
if (accounts > 0) {
  const ms = seedBulkAccounts(ctx, values.owner, accounts);
  console.log(`added ${accounts} accounts to ${values.owner} in ${(ms / 1000).toFixed(1)} s`);
}
ctx.db.close();
