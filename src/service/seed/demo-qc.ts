import type { ServiceContext } from '../context.ts';
import { CHECKLISTS } from './catalog.ts';
import { daysAgo, demoId } from './ids.ts';
import type { DemoOwner } from './seed-types.ts';

interface ProcessDef {
  key: string;
  name: string;
  description: string;
  checklist: string;
  stage: string;
  weight: number;
  /** Days before the epoch it was archived; null: active. */
  archivedDaysAgo: number | null;
}

export interface SeededChecklist {
  key: string;
  id: string;
  /** Versions oldest first, with their item ids and creation time. */
  versions: {
    id: string;
    version: string;
    createdOn: string;
    items: { id: string; key: string; allowNA: boolean; displayName: string }[];
  }[];
}

export interface SeededProcess {
  id: string;
  key: string;
  checklist: SeededChecklist;
  weight: number;
}

/** Checklists with versions, and the QC processes that use them. */
export function insertChecklists(ctx: ServiceContext, owner: string) {
  const { db } = ctx;
  const insertChecklist = db.prepare(
    'INSERT INTO checklists (id, owner, display_name, description, created_on) VALUES (?, ?, ?, ?, ?)',
  );
  const insertVersion = db.prepare(
    'INSERT INTO checklist_versions (id, checklist_id, version, items, created_on) VALUES (?, ?, ?, ?, ?)',
  );
  const keys = owner === 'acme' ? ['affidavit', 'wet-ink', 'poa'] : ['standard', 'wet-ink'];
  const seeded = new Map<string, SeededChecklist>();
  for (const checklist of CHECKLISTS.filter((c) => keys.includes(c.key))) {
    const id = demoId(owner, 'checklist', checklist.key);
    const first = checklist.versions[0];
    insertChecklist.run(
      id,
      owner,
      checklist.displayName,
      checklist.description,
      daysAgo((first?.daysAgo ?? 0) + 1),
    );
    const versions = checklist.versions.map((v) => {
      const createdOn = daysAgo(v.daysAgo);
      const items = v.items.map((key) => {
        const item = checklist.items.find((i) => i.key === key);
        if (!item) throw new Error(`checklist ${checklist.key} has no item ${key}`);
        // Item ids are stable across versions: the same check keeps its id.
        return {
          id: demoId(owner, 'checklist-item', checklist.key, key),
          createdOn,
          displayName: item.displayName,
          description: item.description,
          roleId: item.roleId,
          group: item.group,
          allowNA: item.allowNA ?? false,
        };
      });
      const versionId = demoId(owner, 'checklist-version', checklist.key, v.version);
      insertVersion.run(versionId, id, v.version, JSON.stringify(items), createdOn);
      // The catalog key stays out of the stored item: the seed uses it to weigh failures.
      const keyed = items.map((item, n) => ({ ...item, key: v.items[n] ?? '' }));
      return { id: versionId, version: v.version, createdOn, items: keyed };
    });
    seeded.set(checklist.key, { key: checklist.key, id, versions });
  }
  const get = (key: string) => {
    const c = seeded.get(key);
    if (!c) throw new Error(`no checklist ${key}`);
    return c;
  };

  const insertProcess = db.prepare(
    'INSERT INTO qc_processes (id, owner, display_name, description, checklist_id, stage, created_on, archived_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const defs = DEMO_PROCESSES[owner === 'acme' ? 'acme' : 'globex'];
  const processes: SeededProcess[] = defs.map((d, i) => {
    const id = demoId(owner, 'process', d.key);
    const checklist = get(d.checklist);
    insertProcess.run(
      id,
      owner,
      d.name,
      d.description,
      checklist.id,
      d.stage,
      daysAgo(450 - i),
      d.archivedDaysAgo === null ? null : daysAgo(d.archivedDaysAgo),
    );
    return { id, key: d.key, checklist, weight: d.weight };
  });
  return processes;
}

/** The demo's QC processes, by owner; weight: the share of the queue each gets. */
export const DEMO_PROCESSES: Record<DemoOwner, ProcessDef[]> = {
  acme: [
    {
      key: 'affidavit',
      name: 'Affidavit review',
      description: 'Notarized affidavits before they are filed.',
      checklist: 'affidavit',
      stage: 'standard',
      weight: 6,
      archivedDaysAgo: null,
    },
    {
      key: 'poa',
      name: 'Power of attorney review',
      description: 'Powers of attorney granted by account holders.',
      checklist: 'poa',
      stage: 'standard',
      weight: 2,
      archivedDaysAgo: null,
    },
    {
      key: 'wet-ink',
      name: 'Wet-ink scan review',
      description: 'Scans of documents signed in wet ink, after signing.',
      checklist: 'wet-ink',
      stage: 'postSigning',
      weight: 2,
      archivedDaysAgo: null,
    },
    {
      key: 'legacy',
      name: 'Legacy affidavit review (2025)',
      description: 'Retired: replaced by Affidavit review.',
      checklist: 'affidavit',
      stage: 'standard',
      weight: 0,
      archivedDaysAgo: 90,
    },
  ],
  globex: [
    {
      key: 'standard',
      name: 'Document review',
      description: 'Signed documents before filing.',
      checklist: 'standard',
      stage: 'standard',
      weight: 4,
      archivedDaysAgo: null,
    },
    {
      key: 'wet-ink',
      name: 'Wet-ink scan review',
      description: 'Scans of documents signed in wet ink.',
      checklist: 'wet-ink',
      stage: 'postSigning',
      weight: 1,
      archivedDaysAgo: null,
    },
  ],
};
