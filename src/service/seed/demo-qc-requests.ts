import { base, en, en_US, Faker } from '@faker-js/faker';
import type { ServiceContext } from '../context.ts';
import { allocateReviewShortId } from '../qc/review-short-id.ts';
import { defectNote, failedCheck } from './demo-defects.ts';
import { decisionMinutes, reviewerProfile } from './demo-qc-profiles.ts';
import type { SeededProcess } from './demo-qc.ts';
import { demoEpoch, demoId } from './ids.ts';
import type { OwnerSeed, SeedFile, SeedUser } from './seed-types.ts';

// The demo's QC requests (ADR 003's amendment): a queue of recent pending work, and a
// team's history of decisions over the last five weeks. `current` files arrived in the last
// days and are mostly pending; `history` files were all decided. Processes in FRESH are worked
// within a day and a half, so a target age is met on them and missed on the others.

const HOUR = 3_600_000;
const MINUTE = 60_000;
const FRESH = new Set(['poa', 'wet-ink']);

type Verdict = { status: string; reviewerNote?: string; completedBy: string };
interface Row {
  index: number;
  process: SeededProcess;
  version: SeededProcess['checklist']['versions'][number];
  file: SeedFile;
  createdOn: number;
  decision?: {
    status: 'approved' | 'rejected';
    reviewer: SeedUser;
    started: number;
    completed: number;
    verdicts: Record<string, Verdict>;
    notes: string | null;
  };
}

export function insertQcRequests(
  ctx: ServiceContext,
  seed: OwnerSeed,
  processes: SeededProcess[],
  current: SeedFile[],
  history: SeedFile[],
) {
  const { owner, users } = seed;
  // A faker of its own: the other areas' data does not move when this history is retuned.
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(owner === 'acme' ? 18_0001 : 18_0002);
  const now = demoEpoch();
  const reviewers = users.filter((u) => u.role === 'reviewer' || u.role === 'admin');
  const active = processes.filter((p) => p.weight > 0);

  const rows = [...current, ...history].map((file, index): Row => {
    // The process the document was drawn for (demo.ts).
    const process = active.find((p) => p.key === file.processKey);
    if (!process) throw new Error(`no active process ${file.processKey} for ${file.id}`);
    const prepared = Date.parse(file.preparedOn);
    // Sent to QC an hour to two days after it was prepared, and never in the future.
    const createdOn = Math.min(
      prepared + faker.number.int({ min: 1, max: 48 }) * HOUR,
      prepared + (now - prepared) / 2,
    );
    const createdIso = new Date(createdOn).toISOString();
    const version =
      [...process.checklist.versions].reverse().find((v) => v.createdOn <= createdIso) ??
      process.checklist.versions[0];
    if (!version) throw new Error('checklist without versions');
    const row: Row = { index, process, version, file, createdOn };
    const ageHours = (now - createdOn) / HOUR;
    const decided =
      index >= current.length ||
      (FRESH.has(process.key)
        ? ageHours > 30 || faker.datatype.boolean({ probability: 0.25 })
        : faker.datatype.boolean({ probability: Math.min(0.85, ageHours / 700) }));
    if (decided) row.decision = decide(faker, row, now, reviewers);
    return row;
  });

  const insert = ctx.db.prepare(
    `INSERT INTO qc_requests (id, owner, process_id, checklist_version_id, file_id, firm_id, status, signed_by, signed_on, actors,
      verdicts, notes, review_id, review_short_id, review_started_on, review_completed_on, reviewed_by, created_on)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // Short ids are handed out as decisions are made: in order of completion.
  const byCompletion = [...rows].sort(
    (a, b) => (a.decision?.completed ?? Infinity) - (b.decision?.completed ?? Infinity),
  );
  for (const { index, process, version, file, createdOn, decision } of byCompletion) {
    const iso = (ms: number) => new Date(ms).toISOString();
    insert.run(
      demoId(owner, 'qc-request', index),
      owner,
      process.id,
      version.id,
      file.id,
      file.firmId,
      decision?.status ?? 'pending',
      file.signerId,
      iso(Date.parse(file.preparedOn) + HOUR),
      JSON.stringify([
        { userId: file.signerId, roleId: 'affiant' },
        { userId: file.notaryId, roleId: 'notary' },
        { userId: file.preparedById, roleId: 'reviewee' },
      ]),
      JSON.stringify(decision?.verdicts ?? {}),
      decision?.notes ?? null,
      decision ? demoId(owner, 'review', index) : null,
      decision ? allocateReviewShortId(ctx.db, owner) : null,
      decision ? iso(decision.started) : null,
      decision ? iso(decision.completed) : null,
      decision?.reviewer.id ?? null,
      iso(createdOn),
    );
  }
}

/** Who decided, when, and how: the reviewer's pace, and what the page shows (unless missed). */
function decide(faker: Faker, row: Row, now: number, reviewers: SeedUser[]): Row['decision'] {
  const wait = faker.number.float({ min: 0.1, max: 30 }) * HOUR;
  const started0 = Math.min(row.createdOn + wait, row.createdOn + (now - row.createdOn) * 0.8);
  // A reviewer who has left decided nothing after they left.
  const candidates = reviewers
    .map((reviewer, i) => ({ reviewer, profile: reviewerProfile(i) }))
    .filter(
      ({ reviewer }) => !reviewer.deactivatedOn || Date.parse(reviewer.deactivatedOn) > started0,
    );
  const { reviewer, profile } = faker.helpers.weightedArrayElement(
    candidates.map((c) => ({ weight: c.profile.load, value: c })),
  );
  const minutes = decisionMinutes(faker, profile.pace);
  const started = Math.min(started0, now - (minutes + 5) * MINUTE);
  const completed = started + minutes * MINUTE;
  // The page decides (demo-defects.ts): a defect fails its check, unless this reviewer, a
  // lenient one, missed it; a clean document passes.
  const missed = faker.datatype.boolean({ probability: Math.max(0, 1 - profile.strictness) / 2 });
  const items = row.version.items;
  const checks = new Set(items.map((i) => i.key));
  /** The failed checks, each with what the reviewer saw on the page. */
  const failing = new Map<string, string>();
  if (!missed) {
    for (const defect of row.file.defects) {
      const key = failedCheck(defect, checks);
      const item = items.find((i) => i.key === key);
      const page = row.file.layout.defects?.find((d) => d.kind === defect)?.regions[0]?.page;
      if (item) failing.set(item.id, defectNote(defect, page ?? 1));
    }
  }
  const rejected = failing.size > 0;
  const verdicts: Record<string, Verdict> = {};
  const notes: string[] = [];
  for (const item of items) {
    const note = failing.get(item.id);
    if (note) {
      notes.push(note);
      verdicts[item.id] = { status: 'rejected', reviewerNote: note, completedBy: reviewer.id };
    } else {
      const na = item.allowNA && faker.datatype.boolean({ probability: 0.3 });
      verdicts[item.id] = { status: na ? 'notApplicable' : 'approved', completedBy: reviewer.id };
    }
  }
  return {
    status: rejected ? 'rejected' : 'approved',
    reviewer,
    started,
    completed,
    verdicts,
    notes: rejected ? notes.join(' ') : null,
  };
}
