// `npm run openapi [-- --strict] [-- out.json]`: writes the reference service's OpenAPI 3.1
// document (ADR 022) to a file, for client generators and API tools that read files.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openApiDocument } from '../src/service/openapi/document.ts';

const args = process.argv.slice(2);
const strict = args.includes('--strict');
const out = resolve(args.find((arg) => !arg.startsWith('--')) ?? 'openapi.json');
writeFileSync(out, `${JSON.stringify(openApiDocument({ strict }), null, 2)}\n`);
console.log(`wrote the ${strict ? 'spec-strict ' : ''}OpenAPI document to ${out}`);
