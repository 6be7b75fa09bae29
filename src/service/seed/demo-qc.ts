import type { ServiceContext } from '../context.ts';
import { allocateReviewShortId } from '../qc/review-short-id.ts';
import { CHECKLISTS } from './catalog.ts';
import type { OwnerSeed, SeedFile } from './seed-types.ts';
import { daysAgo, demoId } from './ids.ts';

export interface SeededChecklist {
  key: string;
  id: string;
  /** Versions oldest first, with their item ids and creation time. */
  versions: {
    id: string;
    version: string;
    createdOn: string;
    items: { id: string; allowNA: boolean; displayName: string }[];
  }[];
}

export interface SeededProcess {
  id: string;
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
      return { id: versionId, version: v.version, createdOn, items };
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
  const defs =
    owner === 'acme'
      ? [
          {
            key: 'affidavit',
            name: 'Affidavit review',
            description: 'Notarized affidavits before they are filed.',
            checklist: 'affidavit',
            stage: 'standard',
            weight: 6,
            archived: null,
          },
          {
            key: 'poa',
            name: 'Power of attorney review',
            description: 'Powers of attorney granted by account holders.',
            checklist: 'poa',
            stage: 'standard',
            weight: 2,
            archived: null,
          },
          {
            key: 'wet-ink',
            name: 'Wet-ink scan review',
            description: 'Scans of documents signed in wet ink, after signing.',
            checklist: 'wet-ink',
            stage: 'postSigning',
            weight: 2,
            archived: null,
          },
          {
            key: 'legacy',
            name: 'Legacy affidavit review (2025)',
            description: 'Retired: replaced by Affidavit review.',
            checklist: 'affidavit',
            stage: 'standard',
            weight: 0,
            archived: daysAgo(90),
          },
        ]
      : [
          {
            key: 'standard',
            name: 'Document review',
            description: 'Signed documents before filing.',
            checklist: 'standard',
            stage: 'standard',
            weight: 4,
            archived: null,
          },
          {
            key: 'wet-ink',
            name: 'Wet-ink scan review',
            description: 'Scans of documents signed in wet ink.',
            checklist: 'wet-ink',
            stage: 'postSigning',
            weight: 1,
            archived: null,
          },
        ];
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
      d.archived,
    );
    return { id, checklist, weight: d.weight };
  });
  return processes;
}

/** QC requests in all three states, each over its own seeded document. */
export function insertQcRequests(
  ctx: ServiceContext,
  seed: OwnerSeed,
  processes: SeededProcess[],
  files: SeedFile[],
) {
  const { faker, owner, users } = seed;
  const reviewers = users.filter((u) => u.role === 'reviewer' || u.role === 'admin');
  const insert = ctx.db.prepare(
    `INSERT INTO qc_requests (id, owner, process_id, checklist_version_id, file_id, firm_id, status, signed_by, signed_on, actors,
      verdicts, notes, review_id, review_short_id, review_started_on, review_completed_on, reviewed_by, created_on)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const active = processes.filter((p) => p.weight > 0);
  files.forEach((file, i) => {
    const process = faker.helpers.weightedArrayElement(
      active.map((p) => ({ weight: p.weight, value: p })),
    );
    const createdMs =
      Date.parse(file.preparedOn) + faker.number.int({ min: 1, max: 48 }) * 3_600_000;
    const createdOn = new Date(Math.min(createdMs, Date.parse(daysAgo(0.01)))).toISOString();
    // The version active when the request was created.
    const version =
      [...process.checklist.versions].reverse().find((v) => v.createdOn <= createdOn) ??
      process.checklist.versions[0];
    if (!version) throw new Error('checklist without versions');
    const status = faker.helpers.weightedArrayElement([
      { weight: 60, value: 'pending' },
      { weight: 25, value: 'approved' },
      { weight: 15, value: 'rejected' },
    ]);
    const signedOn = new Date(Date.parse(file.preparedOn) + 3_600_000).toISOString();
    const actors = [
      { userId: file.signerId, roleId: 'affiant' },
      { userId: file.notaryId, roleId: 'notary' },
      { userId: file.preparedById, roleId: 'reviewee' },
    ];
    let verdicts: Record<string, { status: string; reviewerNote?: string; completedBy: string }> =
      {};
    let notes: string | null = null;
    let review: [string | null, string | null, string | null, string | null, string | null] = [
      null,
      null,
      null,
      null,
      null,
    ];
    if (status !== 'pending') {
      const reviewer = faker.helpers.arrayElement(reviewers);
      const completed = new Date(
        Date.parse(createdOn) + faker.number.int({ min: 10, max: 600 }) * 60_000,
      ).toISOString();
      const started = new Date(
        Date.parse(completed) - faker.number.int({ min: 2, max: 9 }) * 60_000,
      ).toISOString();
      const failing = status === 'rejected' ? faker.helpers.arrayElement(version.items) : null;
      verdicts = Object.fromEntries(
        version.items.map((item) => {
          if (item === failing) {
            return [
              item.id,
              {
                status: 'rejected',
                reviewerNote: `${item.displayName}: not met on page ${faker.number.int({ min: 1, max: 3 })}.`,
                completedBy: reviewer.id,
              },
            ];
          }
          const na = item.allowNA && faker.datatype.boolean({ probability: 0.3 });
          return [item.id, { status: na ? 'notApplicable' : 'approved', completedBy: reviewer.id }];
        }),
      );
      if (status === 'rejected') {
        notes = faker.helpers.arrayElement([
          'Please re-execute the signature page and resend.',
          'Notary seal is cut off on the last page; rescan at full size.',
          'Signature date does not match the notarization date.',
          'Matter reference on page 2 belongs to another matter.',
        ]);
      }
      review = [
        demoId(owner, 'review', i),
        // The same sequence decisions draw from, so later decisions never repeat a seeded id.
        allocateReviewShortId(ctx.db, owner),
        started,
        completed,
        reviewer.id,
      ];
    }
    insert.run(
      demoId(owner, 'qc-request', i),
      owner,
      process.id,
      version.id,
      file.id,
      file.firmId,
      status,
      file.signerId,
      signedOn,
      JSON.stringify(actors),
      JSON.stringify(verdicts),
      notes,
      ...review,
      createdOn,
    );
  });
}
