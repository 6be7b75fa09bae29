import fc from 'fast-check';

// Hostile values for the fuzz tests ("No 5xx from input", docs/design.md), shared by the service's
// and the gateway's: what a caller can put in a path, a query, a header or a JSON body that
// a handler might not expect.

export const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  'isPrototypeOf',
  '__defineGetter__',
] as const;

/** Strings as a JSON body carries them (JSON.stringify escapes the lone surrogates). */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\udbff\udfff',
  '\u202e\ufeff',
  '\r\n\t',
  ...PROTOTYPE_NAMES,
  '..%2f..%2fkeys.json',
  '../../keys.json',
  "' OR 1=1 --",
  '"); DROP TABLE users; --',
  '%00',
  'x'.repeat(5000),
  '9'.repeat(400),
  '-1',
  'NaN',
  'null',
  '2024-02-30T00:00:00Z',
  '00000000-0000-0000-0000-000000000000',
  'msg_x',
  '😀'.repeat(300),
];

/** Path segments and query values as they go on the wire: already percent-encoded. */
export const HOSTILE_RAW = [
  ...PROTOTYPE_NAMES,
  '%00',
  'a%00b',
  '%ED%A0%80',
  'x%ED%B0%80',
  '%F0%9F',
  '%C0%AF',
  '%FF',
  '%',
  '%zz',
  '..%2f..%2fkeys.json',
  '..%2F',
  '%2e%2e',
  '%252e%252e%252f',
  '%2F',
  '%20',
  '+',
  '%0A',
  '%26owner%3Dglobex',
  '[]',
  "'",
  '"',
  '-1',
  '0',
  'null',
  'x'.repeat(4000),
  '%E2%80%AE',
];

/** Strings of any UTF-16 code units, lone surrogates and NUL included. */
export const anyUnits = (maxLength = 12) =>
  fc.string({
    unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    maxLength,
  });

export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: anyUnits() },
);

const nested = (depth: number): unknown => (depth === 0 ? 'deep' : { a: [nested(depth - 1)] });

/** A JSON value of the wrong kind, size or content for wherever it lands. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(null, 0, -1, -0, 0.5, 1e308, 2 ** 53 + 1, true, false),
  },
  { weight: 1, arbitrary: fc.constantFrom<unknown>([], {}, [null], { '': '' }, nested(40)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** Keys an attacker would try on an object. */
export const hostileKey = fc.oneof(
  fc.constantFrom(...PROTOTYPE_NAMES, '', '\ud800', '\u0000', 'k'.repeat(1000)),
  fc.string({ maxLength: 8 }),
);

/** Bodies that are not (usable) JSON, as text. */
export const RAW_BODIES = [
  '',
  ' ',
  '{',
  '}',
  'null',
  '[]',
  '"x"',
  '0',
  'not json',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}{"b":2}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":"\\ud800"}',
  '{"\\ud800":1}',
  '{"a":"\\u0000"}',
  '\ufeff{}',
  '{"a":1,"a":2}',
  '['.repeat(100_000) + ']'.repeat(100_000),
  '{"a":'.repeat(5000) + '1' + '}'.repeat(5000),
  `{"big":1${'0'.repeat(400)}}`,
];

export const ODD_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'application/jsonx',
  'application/json-patch+json',
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;;;',
  '',
  ';',
  '*/*',
];

// ------------------------------------------------------------------------------------------
// JSON Schema (from z.toJSONSchema) to arbitraries: only what the contract's request schemas
// use. Refinements do not survive the conversion; valid-looking bodies may still be refused.

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** A property-specific arbitrary (real ids for `fileId`, say), or undefined for the default. */
export type Hint = (name: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const max = schema.maxLength;
  const fits = (s: string) => max === undefined || s.length <= max;
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(max ?? 20, 40)) });
}

export function arbitraryOf(schema: JsonSchema, hint: Hint, name?: string): fc.Arbitrary<unknown> {
  const hinted = name === undefined ? undefined : hint(name, schema);
  if (hinted) return hinted;
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option) => arbitraryOf(option, hint, name)));
  switch (schema.type) {
    case 'string':
      return stringOf(schema);
    case 'integer': {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1001) + 1;
      const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_001) - 1;
      return fc.integer({ min, max });
    }
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      return fc.array(arbitraryOf(schema.items ?? {}, hint, name), { minLength, maxLength });
    }
    case 'object':
      return objectOf(schema, hint);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(schema: JsonSchema, hint: Hint): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const extra = schema.additionalProperties;
  if (properties.length === 0 && typeof extra === 'object') {
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), arbitraryOf(extra, hint), {
      maxKeys: 3,
    });
  }
  const model = Object.fromEntries(
    properties.map(([key, value]) => [key, arbitraryOf(value, hint, key)]),
  );
  return fc.record(model, { requiredKeys: schema.required ?? [] });
}

// ------------------------------------------------------------------------------------------
// Mutations of a valid JSON value, as data, so a counterexample shows what was done.

export type Mutation =
  | { kind: 'none' }
  | { kind: 'set'; at: number; value: unknown }
  | { kind: 'drop'; at: number }
  | { kind: 'add'; at: number; key: string; value: unknown }
  | { kind: 'replace'; value: unknown }
  | { kind: 'wrap' };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: hostileJson }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      at: fc.nat(),
      key: hostileKey,
      value: hostileJson,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('replace' as const), value: hostileJson }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'wrap' as const }) },
);

type Container = Record<string, unknown> | unknown[];
type Slot = { parent: Container; key: string | number };

/** Every place in value a mutation can aim at, parents before children. */
function slots(value: unknown): { values: Slot[]; containers: Container[] } {
  const values: Slot[] = [];
  const containers: Container[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== 'object' || current === null) continue;
    const container = current as Container;
    containers.push(container);
    for (const key of Object.keys(container)) {
      const at = Array.isArray(container) ? Number(key) : key;
      values.push({ parent: container, key: at });
      stack.push((container as Record<string, unknown>)[key]);
    }
  }
  return { values, containers };
}

function put(parent: Container, key: string | number, value: unknown) {
  // An own "__proto__" key, as JSON.parse makes it, rather than a prototype change.
  Object.defineProperty(parent, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** The JSON text of value with the mutation applied. */
export function mutate(value: unknown, m: Mutation): string {
  if (m.kind === 'replace') return JSON.stringify(m.value) ?? 'null';
  if (m.kind === 'wrap') return JSON.stringify([value]);
  const copy: unknown = JSON.parse(JSON.stringify(value) ?? 'null');
  const { values, containers } = slots(copy);
  if (m.kind === 'set' || m.kind === 'drop') {
    const slot = values[m.at % Math.max(values.length, 1)];
    if (!slot) return JSON.stringify(m.kind === 'set' ? m.value : copy) ?? 'null';
    if (m.kind === 'set') put(slot.parent, slot.key, m.value);
    else if (Array.isArray(slot.parent)) slot.parent.splice(Number(slot.key), 1);
    else delete slot.parent[slot.key];
  } else if (m.kind === 'add') {
    const parent = containers[m.at % Math.max(containers.length, 1)];
    if (!parent) return JSON.stringify({ [m.key]: m.value });
    if (Array.isArray(parent)) parent.push(m.value);
    else put(parent, m.key, m.value);
  }
  return JSON.stringify(copy) ?? 'null';
}

/** Shortens long strings for a failure message. */
export function clip(text: string, max = 300): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`;
}
