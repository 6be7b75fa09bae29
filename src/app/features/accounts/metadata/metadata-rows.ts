import {
  METADATA_KEY_MAX,
  METADATA_MAX_KEYS,
  METADATA_VALUE_MAX,
  type Metadata,
  type MetadataPatch,
} from '../../../../contract/accounts.ts';

// The metadata editor works on rows (so a key can be renamed and two rows can briefly share a
// key while someone types); the contract's map is built from them only when saving.

export interface MetadataRow {
  id: number;
  key: string;
  value: string;
}

export interface RowErrors {
  key?: string;
  value?: string;
}

let lastRowId = 0;

export function newRow(key = '', value = ''): MetadataRow {
  lastRowId += 1;
  return { id: lastRowId, key, value };
}

export function rowsOf(metadata: Metadata): MetadataRow[] {
  return Object.entries(metadata).map(([key, value]) => newRow(key, value));
}

/** The 51st row is refused: a row is a key, even before it is typed. */
export const canAddRow = (rows: readonly MetadataRow[]): boolean => rows.length < METADATA_MAX_KEYS;

const isBlank = (row: MetadataRow) => row.key.trim() === '' && row.value === '';

export const KEY_TOO_LONG = `Keys may be at most ${METADATA_KEY_MAX} characters`;
export const VALUE_TOO_LONG = `Values may be at most ${METADATA_VALUE_MAX} characters`;

/**
 * What is wrong with each row, by row id; a row left wholly blank is ignored, not an error.
 * `complete: false` checks only what typing can break (limits, a repeated key), so a row
 * being filled in is not scolded for its missing half until someone tries to save.
 */
export function rowErrors(
  rows: readonly MetadataRow[],
  { complete = true }: { complete?: boolean } = {},
): Map<number, RowErrors> {
  const errors = new Map<number, RowErrors>();
  const seen = new Set<string>();
  for (const row of rows) {
    if (isBlank(row)) continue;
    const key = row.key.trim();
    const found: RowErrors = {};
    if (key === '') {
      if (complete) found.key = 'Enter a key, or remove the row';
    } else if (key.length > METADATA_KEY_MAX) found.key = KEY_TOO_LONG;
    else if (seen.has(key)) found.key = 'This key is already used above';
    if (row.value.length > METADATA_VALUE_MAX) found.value = VALUE_TOO_LONG;
    // An empty value would remove the key on a PATCH: say so rather than guess.
    else if (row.value === '' && complete) found.value = 'Enter a value, or remove the row';
    seen.add(key);
    if (found.key || found.value) errors.set(row.id, found);
  }
  return errors;
}

/** The map the rows describe (blank rows left out); call once `rowErrors` is empty. */
export function metadataOf(rows: readonly MetadataRow[]): Metadata {
  const map: Metadata = {};
  for (const row of rows) if (!isBlank(row)) map[row.key.trim()] = row.value;
  return map;
}

/**
 * The PATCH bodies that turn `before` into `after` under merge semantics: a removed key is
 * sent as ''. The contract caps a patch at 50 keys too, so a larger change is split, with the
 * removals first: the merged map then never passes 50 keys on the way. Empty when nothing
 * changed.
 */
export function metadataPatches(before: Metadata, after: Metadata): MetadataPatch[] {
  const removals = Object.keys(before)
    .filter((key) => !(key in after))
    .map((key): [string, string] => [key, '']);
  const changes = Object.entries(after).filter(([key, value]) => before[key] !== value);
  const entries = [...removals, ...changes];
  const patches: MetadataPatch[] = [];
  for (let i = 0; i < entries.length; i += METADATA_MAX_KEYS) {
    patches.push(Object.fromEntries(entries.slice(i, i + METADATA_MAX_KEYS)));
  }
  return patches;
}
