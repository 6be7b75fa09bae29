import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';

/** Where the whole document is registered, so `#/components/...` refs resolve inside it. */
const DOCUMENT_ID = 'urn:attest:openapi';

/**
 * JSON Schema 2020-12 validation of values against schemas that live somewhere in an
 * OpenAPI 3.1 document, addressed by JSON pointer. Each schema is compiled on first use and
 * kept: a test run touches a few dozen of them, compiling all up front would waste time.
 */
export interface DocumentSchemas {
  /**
   * Problems of `value` against the schema at `pointer` (a JSON pointer into the document);
   * `root` names the value itself in them.
   */
  check(pointer: readonly string[], value: unknown, root?: string): string[];
}

export function documentSchemas(document: object): DocumentSchemas {
  const ajv = new Ajv2020({
    allErrors: true,
    // OpenAPI adds its own keywords beside JSON Schema's; the document's own validator
    // (ADR 022, `npm test`) judges the document, this one judges responses against it.
    strict: false,
    validateSchema: false,
  });
  ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs']);
  formatsModule.default(ajv);
  // OpenAPI's format registry: numbers with a range, strings that carry any bytes.
  ajv.addFormat('int32', { type: 'number', validate: (n) => isIntIn(n, 2 ** 31) });
  ajv.addFormat('int64', { type: 'number', validate: (n) => Number.isInteger(n) });
  for (const name of ['float', 'double'])
    ajv.addFormat(name, { type: 'number', validate: () => true });
  for (const name of ['binary', 'byte', 'password']) ajv.addFormat(name, () => true);
  ajv.addSchema(document, DOCUMENT_ID);

  const compiled = new Map<string, ValidateFunction>();
  return {
    check(pointer, value, root = '(body)') {
      const ref = `${DOCUMENT_ID}#/${pointer.map(escapeSegment).join('/')}`;
      let validate = compiled.get(ref);
      if (!validate) {
        validate = ajv.compile({ $ref: ref });
        compiled.set(ref, validate);
      }
      if (validate(value)) return [];
      return (validate.errors ?? []).map((error) => describeError(error, root));
    },
  };
}

function isIntIn(n: number, bound: number): boolean {
  return Number.isInteger(n) && n >= -bound && n < bound;
}

/** A JSON pointer segment inside a URI fragment (`/` and `~` escaped, then URI-encoded). */
function escapeSegment(segment: string): string {
  return encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));
}

/** `/items/0/status: must be equal to one of the allowed values (QUEUED, ...)`. */
function describeError(error: ErrorObject, root: string): string {
  const at = error.instancePath === '' ? root : error.instancePath;
  const params = error.params as Record<string, unknown>;
  let detail = '';
  if (Array.isArray(params.allowedValues)) detail = ` (${params.allowedValues.join(', ')})`;
  else if ('allowedValue' in params) detail = ` (${JSON.stringify(params.allowedValue)})`;
  else if (typeof params.additionalProperty === 'string')
    detail = ` (${params.additionalProperty})`;
  else if (typeof params.propertyName === 'string') detail = ` (${params.propertyName})`;
  return `${at}: ${error.message ?? error.keyword}${detail}`;
}
