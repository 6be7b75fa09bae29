import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clearUserStorage, userScope, userStorageKey } from '../../../user-storage.ts';
import { DRAFT_LIMITS, draftStore, type ReviewDraft } from './draft-store.ts';

/** The browser's Storage as the spec describes it, with an optional quota in characters. */
class MemoryStorage implements Storage {
  private readonly map = new Map<string, string>();
  private readonly quota: number;
  constructor(quota = Infinity) {
    this.quota = quota;
  }
  get length() {
    return this.map.size;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    const used = [...this.map].reduce((n, [k, v]) => (k === key ? n : n + k.length + v.length), 0);
    if (used + key.length + value.length > this.quota) {
      throw new DOMException('full', 'QuotaExceededError');
    }
    this.map.set(key, String(value));
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  clear() {
    this.map.clear();
  }
}

const RILEY = userScope({ clientId: 'acme-reviewer', user: { id: 'u-riley', displayName: 'R' } });
const ALEX = userScope({ clientId: 'acme-admin', user: { id: 'u-alex', displayName: 'A' } });
const draft = (notes: string): ReviewDraft => ({
  items: { 'item-1': { status: 'rejected', note: 'Seal cut off' } },
  notes,
});

/** A clock the test moves. */
function clock(start = Date.parse('2026-06-01T10:00:00Z')) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('draftStore', () => {
  it("keeps a reviewer's draft for that reviewer only", () => {
    const storage = new MemoryStorage();
    expect(draftStore(RILEY, storage).write('r1', draft('Rescan page 3'))).toBe(true);
    expect(draftStore(RILEY, storage).read('r1')).toEqual(draft('Rescan page 3'));
    // Another person signing in on the same browser reads nothing of it.
    expect(draftStore(ALEX, storage).read('r1')).toEqual({ items: {}, notes: '' });
    expect(draftStore(RILEY, storage).read('r2')).toEqual({ items: {}, notes: '' });
  });

  it('keeps a machine client apart from a user, and keeps nothing without a scope', () => {
    const storage = new MemoryStorage();
    const machine = userScope({ clientId: 'acme-integration', user: null });
    draftStore(machine, storage).write('r1', draft('machine'));
    expect(draftStore(RILEY, storage).read('r1').notes).toBe('');
    expect(draftStore(machine, storage).read('r1').notes).toBe('machine');
    expect(draftStore(null, storage).write('r1', draft('nobody'))).toBe(false);
    expect(storage.length).toBe(1);
  });

  it('drops an emptied draft, and a removed one', () => {
    const storage = new MemoryStorage();
    const store = draftStore(RILEY, storage);
    store.write('r1', draft('x'));
    store.write('r1', { items: { 'item-1': {} }, notes: '' });
    expect(storage.length).toBe(0);
    store.write('r2', draft('y'));
    store.remove('r2');
    expect(storage.length).toBe(0);
  });

  it('treats an unreadable or foreign entry as no draft, and removes it', () => {
    const storage = new MemoryStorage();
    const key = userStorageKey(RILEY, 'qc-draft:r1');
    storage.setItem(key, '{not json');
    expect(draftStore(RILEY, storage).read('r1')).toEqual({ items: {}, notes: '' });
    storage.setItem(
      key,
      JSON.stringify({ savedAt: 1, draft: { items: { a: { status: 'maybe' } } } }),
    );
    expect(draftStore(RILEY, storage).read('r1').notes).toBe('');
    expect(storage.getItem(key)).toBeNull();
  });

  it('forgets a draft older than the age bound', () => {
    const storage = new MemoryStorage();
    const time = clock();
    draftStore(RILEY, storage, time.now).write('r1', draft('old'));
    time.advance(DRAFT_LIMITS.ageMs + 1);
    expect(draftStore(RILEY, storage, time.now).read('r1').notes).toBe('');
    expect(storage.length).toBe(0);
  });

  it('keeps at most the bounded number of drafts, dropping the oldest first', () => {
    const storage = new MemoryStorage();
    const time = clock();
    for (let i = 0; i < DRAFT_LIMITS.entries + 5; i += 1) {
      // Two reviewers share the browser's bound.
      draftStore(i % 2 ? RILEY : ALEX, storage, time.now).write(`r${i}`, draft(`n${i}`));
      time.advance(1000);
    }
    expect(storage.length).toBe(DRAFT_LIMITS.entries);
    expect(draftStore(ALEX, storage, time.now).read('r0').notes).toBe('');
    expect(draftStore(ALEX, storage, time.now).read('r4').notes).toBe('');
    expect(draftStore(RILEY, storage, time.now).read('r3').notes).toBe('');
    expect(draftStore(RILEY, storage, time.now).read('r5').notes).toBe('n5');
    const last = DRAFT_LIMITS.entries + 4;
    expect(draftStore(ALEX, storage, time.now).read(`r${last}`).notes).toBe(`n${last}`);
  });

  it('keeps every keystroke of a draft that already exists without pruning others', () => {
    const storage = new MemoryStorage();
    const store = draftStore(RILEY, storage);
    store.write('r1', draft('a'));
    store.write('r2', draft('b'));
    for (const notes of ['b1', 'b12', 'b123']) store.write('r2', draft(notes));
    expect(store.read('r1').notes).toBe('a');
    expect(store.read('r2').notes).toBe('b123');
  });

  it('bounds the total size, and keeps a draft too big to store in memory only', () => {
    const storage = new MemoryStorage();
    const time = clock();
    const big = 'x'.repeat(DRAFT_LIMITS.entryChars / 2);
    const count = Math.ceil(DRAFT_LIMITS.totalChars / big.length) + 2;
    for (let i = 0; i < count; i += 1) {
      draftStore(RILEY, storage, time.now).write(`r${i}`, draft(big));
      time.advance(1000);
    }
    const total = Array.from({ length: storage.length }, (_, i) => {
      const key = storage.key(i) ?? '';
      return (storage.getItem(key) ?? '').length;
    }).reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(DRAFT_LIMITS.totalChars);
    expect(draftStore(RILEY, storage, time.now).read(`r${count - 1}`).notes).toBe(big);
    expect(draftStore(RILEY, storage, time.now).read('r0').notes).toBe('');

    const store = draftStore(RILEY, storage);
    expect(store.write('huge', draft('x'.repeat(DRAFT_LIMITS.entryChars)))).toBe(false);
    expect(store.read('huge').notes).toBe('');
  });

  it('makes room when the browser says it is full', () => {
    const storage = new MemoryStorage(40_000);
    const time = clock();
    const store = draftStore(RILEY, storage, time.now);
    for (let i = 0; i < 5; i += 1) {
      expect(store.write(`r${i}`, draft('y'.repeat(9_000)))).toBe(true);
      time.advance(1000);
    }
    expect(store.read('r4').notes).toHaveLength(9_000);
    expect(store.read('r0').notes).toBe('');
  });
});

describe('marks in the draft (ADR 029)', () => {
  const marked: ReviewDraft = {
    items: {
      seal: {
        status: 'rejected',
        note: 'Seal cut off',
        severity: 'critical',
        regions: [
          { page: 2, x: 12.5, y: 30, width: 200, height: 80.25 },
          { page: 4, x: 0, y: 0, width: 612, height: 792 },
        ],
      },
      date: { status: 'approved' },
    },
    notes: '',
    pages: {
      '2': { width: 612, height: 792, rotation: 0 },
      '4': { width: 612, height: 792, rotation: 90 },
    },
  };

  it('keeps regions, a raised severity and the pages marked on across a reload', () => {
    const storage = new MemoryStorage();
    expect(draftStore(RILEY, storage).write('r1', marked)).toBe(true);
    expect(draftStore(RILEY, storage).read('r1')).toEqual(marked);
  });

  it('keeps round trips of any regions', () => {
    const region = fc.record({
      page: fc.integer({ min: 1, max: 500 }),
      x: fc.double({ min: 0, max: 14_400, noNaN: true }),
      y: fc.double({ min: 0, max: 14_400, noNaN: true }),
      width: fc.double({ min: 0.01, max: 14_400, noNaN: true }),
      height: fc.double({ min: 0.01, max: 14_400, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(region, { maxLength: 20 }), (regions) => {
        const storage = new MemoryStorage();
        const sent: ReviewDraft = { items: { a: { status: 'rejected', regions } }, notes: '' };
        draftStore(RILEY, storage).write('r1', sent);
        expect(draftStore(RILEY, storage).read('r1')).toEqual(sent);
      }),
    );
  });

  it('is not empty while a region or a raised severity is left, and goes with them', () => {
    const storage = new MemoryStorage();
    const store = draftStore(RILEY, storage);
    const onlyRegion: ReviewDraft = {
      items: { seal: { regions: [{ page: 1, x: 1, y: 1, width: 5, height: 5 }] } },
      notes: '',
    };
    store.write('r1', onlyRegion);
    expect(store.read('r1')).toEqual(onlyRegion);
    store.write('r1', { items: { seal: { severity: 'critical' } }, notes: '' });
    expect(store.read('r1').items.seal?.severity).toBe('critical');
    store.write('r1', { items: { seal: { regions: [] } }, notes: '', pages: marked.pages });
    expect(storage.length).toBe(0);
  });
});

describe('clearUserStorage', () => {
  it("removes the signing-out person's drafts and no one else's", () => {
    const storage = new MemoryStorage();
    draftStore(RILEY, storage).write('r1', draft('riley 1'));
    draftStore(RILEY, storage).write('r2', draft('riley 2'));
    draftStore(ALEX, storage).write('r1', draft('alex'));
    storage.setItem('unrelated', 'kept');
    clearUserStorage(RILEY, storage);
    expect(draftStore(RILEY, storage).read('r1').notes).toBe('');
    expect(draftStore(RILEY, storage).read('r2').notes).toBe('');
    expect(draftStore(ALEX, storage).read('r1').notes).toBe('alex');
    expect(storage.getItem('unrelated')).toBe('kept');
  });
});
