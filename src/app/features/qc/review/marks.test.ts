import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REGIONS_PER_FINDING_MAX, type Region, SEVERITIES } from '../../../../contract/findings.ts';
import type { ChecklistItem } from '../../../../contract/qc.ts';
import { qcRequest } from '../../../testing/qc.ts';
import { patchOf } from './draft.ts';
import type { ReviewDraft } from './draft-store.ts';
import {
  decisionMarks,
  fullReason,
  parseRegionKey,
  regionKey,
  regionLabel,
  severitiesFrom,
  withPointer,
  withRegion,
  withRegionChanged,
} from './marks.ts';
import { itemSeverity } from './severity.ts';

const LETTER = { width: 612, height: 792, rotation: 0 };
const at = (page: number, x = 10): Region => ({ page, x, y: 20, width: 100, height: 50 });

const item = (id: string, displayName: string): ChecklistItem => ({
  id,
  createdOn: '2026-06-01T10:00:00.000Z',
  displayName,
  description: '',
  roleId: 'notary',
  group: 'Seal',
  allowNA: false,
});
const SEAL = item('0b5e6a1c-2d3f-4a5b-8c6d-7e8f9a0b1c01', 'Notary seal visible');
const DATE = item('0b5e6a1c-2d3f-4a5b-8c6d-7e8f9a0b1c02', 'Signature dated');
const REQUEST = { ...qcRequest('r1'), checklistItems: [SEAL, DATE] };
const RILEY = '6b0d6a1e-5c55-4f0e-9a36-2d0c1f7f7a01';

describe("the note's pointer to the pages", () => {
  it('says the page, or the pages in order, once each', () => {
    expect(withPointer('Seal cut off', [at(2)])).toBe('Seal cut off (p. 2)');
    expect(withPointer('Seal cut off', [at(4), at(2), at(4)])).toBe('Seal cut off (pp. 2, 4)');
    expect(withPointer('', [at(3)])).toBe('p. 3');
    expect(withPointer('Seal cut off', [])).toBe('Seal cut off');
  });

  it('is not added twice, whatever the case', () => {
    expect(withPointer('Seal cut off (p. 2)', [at(2)])).toBe('Seal cut off (p. 2)');
    expect(withPointer('See P. 2, bottom', [at(2)])).toBe('See P. 2, bottom');
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 8 }),
        (note, pages) => {
          const regions = pages.map((page) => at(page));
          const once = withPointer(note, regions);
          expect(withPointer(once, regions)).toBe(once);
          expect(once.startsWith(note)).toBe(true);
        },
      ),
    );
  });
});

describe('marks in the draft', () => {
  const failed: ReviewDraft = {
    items: { [SEAL.id]: { status: 'rejected', note: 'Seal cut off' } },
    notes: '',
  };

  it('adds a region to a failed item only, with its page box, up to the bound', () => {
    const once = withRegion(failed, SEAL.id, at(2), LETTER);
    expect(once.items[SEAL.id]?.regions).toEqual([at(2)]);
    expect(once.pages).toEqual({ '2': LETTER });
    expect(withRegion(failed, DATE.id, at(2), LETTER)).toBe(failed);
    let full = failed;
    for (let i = 0; i < REGIONS_PER_FINDING_MAX + 3; i += 1) {
      full = withRegion(full, SEAL.id, at(1, i), LETTER);
    }
    expect(full.items[SEAL.id]?.regions).toHaveLength(REGIONS_PER_FINDING_MAX);
    expect(fullReason(full, SEAL.id)).toMatch(/most regions/);
  });

  it('moves, resizes and removes a region by its key', () => {
    const two = withRegion(withRegion(failed, SEAL.id, at(2), LETTER), SEAL.id, at(4), LETTER);
    const key = regionKey(SEAL.id, 1);
    expect(parseRegionKey(key)).toEqual({ itemId: SEAL.id, index: 1 });
    const moved = withRegionChanged(two, key, at(4, 300));
    expect(moved.items[SEAL.id]?.regions).toEqual([at(2), at(4, 300)]);
    expect(withRegionChanged(moved, regionKey(SEAL.id, 0), null).items[SEAL.id]?.regions).toEqual([
      at(4, 300),
    ]);
    expect(withRegionChanged(moved, regionKey(SEAL.id, 7), null)).toBe(moved);
    expect(regionLabel(0, at(2), SEAL.displayName)).toBe(
      'Marked region 1 on page 2: Notary seal visible',
    );
  });

  it("are what a rejection sends: failed items' regions and raised severities", () => {
    const draft: ReviewDraft = {
      items: {
        [SEAL.id]: { status: 'rejected', regions: [at(2), at(4)], severity: 'critical' },
        // Passed after all: its regions stay in the draft, but go nowhere.
        [DATE.id]: { status: 'approved', regions: [at(1)] },
      },
      notes: '',
    };
    expect(decisionMarks(REQUEST.checklistItems, draft)).toEqual({
      items: [{ itemId: SEAL.id, severity: 'critical', regions: [at(2), at(4)] }],
    });
    expect(decisionMarks(REQUEST.checklistItems, failed)).toBeUndefined();
    const patch = patchOf(REQUEST, { ...draft, notes: 'Reseal' }, 'rejected', RILEY);
    expect(patch.checklistItems).toEqual([
      { id: SEAL.id, status: 'rejected', reviewerNote: 'pp. 2, 4' },
      { id: DATE.id, status: 'approved' },
    ]);
  });

  it('leave an approval as it was', () => {
    const draft: ReviewDraft = {
      items: { [SEAL.id]: { status: 'approved', note: 'fine', regions: [at(2)] } },
      notes: '',
    };
    expect(patchOf(REQUEST, draft, 'approved', RILEY).checklistItems).toEqual([
      { id: SEAL.id, status: 'approved', reviewerNote: 'fine' },
    ]);
  });
});

describe('severity', () => {
  it("is the process's for the item, major when unset, read tolerantly", () => {
    const settings = { severities: { 'Notary seal visible': 'critical' as const } };
    expect(itemSeverity(settings, 'Notary seal visible')).toBe('critical');
    expect(itemSeverity(settings, 'Signature dated')).toBe('major');
    expect(itemSeverity({}, 'Notary seal visible')).toBe('major');
    expect(itemSeverity(undefined, 'Notary seal visible')).toBe('major');
    expect(itemSeverity(settings, 'constructor')).toBe('major');
    const odd = { severities: { x: 'grave' } } as unknown as Parameters<typeof itemSeverity>[0];
    expect(itemSeverity(odd, 'x')).toBe('major');
  });

  it('may be raised from the item’s own, never lowered', () => {
    expect(severitiesFrom('minor', SEVERITIES)).toEqual(['minor', 'major', 'critical']);
    expect(severitiesFrom('major', SEVERITIES)).toEqual(['major', 'critical']);
    expect(severitiesFrom('critical', SEVERITIES)).toEqual(['critical']);
  });
});
