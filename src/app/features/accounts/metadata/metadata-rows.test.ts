import { describe, expect, it } from 'vitest';
import { MetadataPatchSchema, applyMetadataPatch } from '../../../../contract/accounts.ts';
import {
  KEY_TOO_LONG,
  VALUE_TOO_LONG,
  canAddRow,
  metadataOf,
  metadataPatches,
  newRow,
  rowErrors,
  rowsOf,
} from './metadata-rows.ts';

const manyKeys = (count: number, prefix = 'k') =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, `v${i}`]));

describe('metadata rows', () => {
  it('allows a 50th row but refuses a 51st', () => {
    const rows = rowsOf(manyKeys(49));
    expect(canAddRow(rows)).toBe(true);
    expect(canAddRow([...rows, newRow()])).toBe(false);
  });

  it('accepts a 40-character key and a 500-character value, refuses one more of each', () => {
    const fits = newRow('k'.repeat(40), 'v'.repeat(500));
    expect(rowErrors([fits]).size).toBe(0);
    const over = newRow('k'.repeat(41), 'v'.repeat(501));
    expect(rowErrors([over]).get(over.id)).toEqual({ key: KEY_TOO_LONG, value: VALUE_TOO_LONG });
  });

  it('flags a repeated key, a value without a key and a key without a value', () => {
    const first = newRow('region', 'west');
    const again = newRow(' region ', 'east');
    const noKey = newRow('', 'orphan');
    const noValue = newRow('tier', '');
    const blank = newRow();
    const errors = rowErrors([first, again, noKey, noValue, blank]);
    expect(errors.has(first.id)).toBe(false);
    expect(errors.get(again.id)?.key).toMatch(/already used/);
    expect(errors.get(noKey.id)?.key).toMatch(/Enter a key/);
    expect(errors.get(noValue.id)?.value).toMatch(/Enter a value/);
    expect(errors.has(blank.id)).toBe(false);

    const typing = rowErrors([first, again, noKey, noValue], { complete: false });
    expect([...typing.keys()]).toEqual([again.id]);
  });

  it('builds the map from the rows, trimming keys and leaving blank rows out', () => {
    expect(metadataOf([newRow(' a ', ' x '), newRow(), newRow('b', 'y')])).toEqual({
      a: ' x ',
      b: 'y',
    });
  });
});

describe('metadata patches (merge semantics)', () => {
  it('sends a removed key as empty and only what changed', () => {
    expect(
      metadataPatches({ keep: '1', change: '2', drop: '3' }, { keep: '1', change: '20', add: '4' }),
    ).toEqual([{ drop: '', change: '20', add: '4' }]);
  });

  it('sends nothing when nothing changed', () => {
    expect(metadataPatches({ a: '1' }, { a: '1' })).toEqual([]);
  });

  it('splits a change of more than 50 keys, removals first, and reaches the target', () => {
    const before = manyKeys(50, 'old');
    const after = manyKeys(50, 'new');
    const patches = metadataPatches(before, after);
    expect(patches).toHaveLength(2);
    let stored = before;
    for (const patch of patches) {
      expect(MetadataPatchSchema.safeParse(patch).success).toBe(true);
      stored = applyMetadataPatch(stored, patch);
      expect(Object.keys(stored).length).toBeLessThanOrEqual(50);
    }
    expect(stored).toEqual(after);
  });
});
