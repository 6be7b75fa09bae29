import { describe, expect, it } from 'vitest';
import type { CheckedItem, CheckResult } from '../../../../contract/checks.ts';
import { REGIONS_PER_FINDING_MAX, type Region } from '../../../../contract/findings.ts';
import type { ChecklistItem } from '../../../../contract/qc.ts';
import { qcRequest } from '../../../testing/qc.ts';
import { patchOf } from './draft.ts';
import { EMPTY_DRAFT, type ReviewDraft } from './draft-store.ts';
import {
  expectedChecks,
  machineItemOf,
  machineKey,
  machineLabel,
  machineRegions,
  nextToLook,
  takePasses,
  takeVerdict,
  verdictsOf,
} from './machine.ts';
import { decisionMarks } from './marks.ts';

const at = (page: number, x = 10): Region => ({ page, x, y: 20, width: 100, height: 50 });

const item = (n: number, displayName: string): ChecklistItem => ({
  id: `0b5e6a1c-2d3f-4a5b-8c6d-7e8f9a0b1c0${n}`,
  createdOn: '2026-06-01T10:00:00.000Z',
  displayName,
  description: '',
  roleId: 'reviewer',
  group: 'Document',
  allowNA: false,
});
const NAMES = item(1, 'Signer matches the affiant');
const ID_NOTED = item(2, 'Identification noted');
const SIGNED = item(3, 'Signature on every signature line');
const ALTERED = item(4, 'No alterations');
const ITEMS = [NAMES, ID_NOTED, SIGNED, ALTERED];

const checked = (it: ChecklistItem, verdict: CheckedItem['verdict'], regions: Region[] = []) => ({
  itemId: it.id.toUpperCase(),
  itemName: it.displayName,
  check: 'names' as const,
  verdict,
  reason: `${verdict}: ${it.displayName}`,
  regions,
});
const RESULT: CheckResult = {
  requestId: 'r1',
  checkedOn: '2026-06-01T10:00:00.000Z',
  checker: { version: '1.0' },
  items: [
    checked(NAMES, 'pass', [at(1)]),
    {
      ...checked(SIGNED, 'fail', [at(3), at(3, 300)]),
      reason: "No ink on Jose Alvarez's line on page 3",
    },
    checked(ALTERED, 'unsure'),
  ],
};
const VERDICTS = verdictsOf(RESULT);
const failOf = VERDICTS.get(SIGNED.id)!;

describe("the machine's verdicts", () => {
  it('are found by item id whatever its case, and an unbound item has none', () => {
    expect(VERDICTS.get(NAMES.id)?.verdict).toBe('pass');
    expect(VERDICTS.get(ID_NOTED.id)).toBeUndefined();
    expect(verdictsOf(null).size).toBe(0);
  });

  it('are expected where the gateway binds them: by the saved binding, else by the name', () => {
    expect([...expectedChecks(ITEMS, undefined)]).toEqual([
      [NAMES.id, 'names'],
      [SIGNED.id, 'signatures'],
      [ALTERED.id, 'no-alterations'],
    ]);
    const saved = { 'Identification noted': 'names' as const };
    expect([...expectedChecks(ITEMS, saved)]).toEqual([[ID_NOTED.id, 'names']]);
  });

  it('name their regions by their reason and page, once', () => {
    expect(machineLabel("No ink on Jose Alvarez's line on page 3", 3)).toBe(
      "Machine: No ink on Jose Alvarez's line on page 3",
    );
    expect(machineLabel('The state is blank on pages 1 and 2', 2)).toBe(
      'Machine: The state is blank on pages 1 and 2',
    );
    expect(machineLabel('No seal by the certificate', 2)).toBe(
      'Machine: No seal by the certificate (page 2)',
    );
    expect(machineItemOf(machineKey(SIGNED.id, 1))).toBe(SIGNED.id);
    expect(machineItemOf(`${SIGNED.id}#1`)).toBeUndefined();
  });

  it("draw a fail's and an unsure's regions, a pass's only when selected, none taken over", () => {
    const none = () => [];
    const keys = (selected?: string, own: (id: string) => Region[] = none) =>
      machineRegions(ITEMS, VERDICTS, own, selected).map((r) => r.key);
    expect(keys()).toEqual([machineKey(SIGNED.id, 0), machineKey(SIGNED.id, 1)]);
    expect(keys(NAMES.id)).toEqual([
      machineKey(NAMES.id, 0),
      machineKey(SIGNED.id, 0),
      machineKey(SIGNED.id, 1),
    ]);
    // The reviewer took the first as their own: it is drawn as theirs.
    expect(keys(undefined, (id) => (id === SIGNED.id ? [at(3)] : []))).toEqual([
      machineKey(SIGNED.id, 1),
    ]);
    const [first] = machineRegions(ITEMS, VERDICTS, none, undefined);
    expect(first).toMatchObject({ tone: 'machine', editable: false, tag: '3' });
  });
});

describe("taking the machine's verdict", () => {
  it('passes a pass, and leaves an unsure to a person', () => {
    const passed = takeVerdict(EMPTY_DRAFT, NAMES.id, VERDICTS.get(NAMES.id)!);
    expect(passed.taken).toBe('approved');
    expect(passed.draft.items[NAMES.id]?.status).toBe('approved');
    const unsure = takeVerdict(EMPTY_DRAFT, ALTERED.id, VERDICTS.get(ALTERED.id)!);
    expect(unsure).toEqual({ draft: EMPTY_DRAFT, taken: 'unsure' });
  });

  it('fails a fail with its reason and regions, as a finding the decision sends', () => {
    const { draft, taken } = takeVerdict(EMPTY_DRAFT, SIGNED.id, failOf);
    expect(taken).toBe('rejected');
    expect(draft.items[SIGNED.id]).toEqual({
      status: 'rejected',
      note: "No ink on Jose Alvarez's line on page 3",
      regions: [at(3), at(3, 300)],
    });
    const request = { ...qcRequest('r1'), checklistItems: ITEMS };
    expect(decisionMarks(ITEMS, draft)).toEqual({
      items: [{ itemId: SIGNED.id, regions: [at(3), at(3, 300)] }],
    });
    expect(patchOf(request, draft, 'rejected', 'u1').checklistItems).toEqual([
      {
        id: SIGNED.id,
        status: 'rejected',
        reviewerNote: "No ink on Jose Alvarez's line on page 3 (p. 3)",
      },
    ]);
  });

  it("keeps the reviewer's note and regions, and adds within a finding's limit", () => {
    const mine = Array.from({ length: REGIONS_PER_FINDING_MAX - 1 }, (_, i) => at(1, i));
    const before: ReviewDraft = {
      items: {
        [SIGNED.id]: { status: 'approved', note: 'Looked twice', regions: [at(3), ...mine] },
      },
      notes: 'rescan',
    };
    const { draft } = takeVerdict(before, SIGNED.id, failOf);
    expect(draft.items[SIGNED.id]?.note).toBe('Looked twice');
    expect(draft.items[SIGNED.id]?.regions).toHaveLength(REGIONS_PER_FINDING_MAX);
    expect(draft.notes).toBe('rescan');
  });

  it('takes every pass but over a decided item, then looks at a fail before the rest', () => {
    const decided: ReviewDraft = { items: { [NAMES.id]: { status: 'rejected' } }, notes: '' };
    expect(takePasses(decided, ITEMS, VERDICTS)).toEqual({ draft: decided, count: 0 });
    const { draft, count } = takePasses(EMPTY_DRAFT, ITEMS, VERDICTS);
    expect(count).toBe(1);
    expect(nextToLook(ITEMS, draft, VERDICTS)).toBe(2);
    const failed = takeVerdict(draft, SIGNED.id, failOf).draft;
    expect(nextToLook(ITEMS, failed, VERDICTS)).toBe(3);
    const sure = {
      ...failed,
      items: { ...failed.items, [ALTERED.id]: { status: 'approved' as const } },
    };
    expect(nextToLook(ITEMS, sure, VERDICTS)).toBe(1);
    const all = {
      ...sure,
      items: { ...sure.items, [ID_NOTED.id]: { status: 'approved' as const } },
    };
    expect(nextToLook(ITEMS, all, VERDICTS)).toBe(-1);
  });
});
