import type { DocumentSchemas } from './validate-schemas.ts';

/**
 * Problems of one header against its declared schema. A header is text on the wire, so a
 * numeric schema (a timestamp, `Retry-After`) is checked against the number it spells.
 */
export function checkHeader(
  schemas: DocumentSchemas,
  schemaPointer: string[],
  name: string,
  value: string,
): string[] {
  let problems = schemas.check(schemaPointer, value, '(value)');
  if (problems.length && value.trim() !== '' && Number.isFinite(Number(value)))
    problems = schemas.check(schemaPointer, Number(value), '(value)');
  return problems.map((problem) => `header ${name}: ${problem}`);
}
