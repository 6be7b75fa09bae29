import { hashSecret } from '../../src/service/auth/secrets.ts';
import { openServiceContext } from '../../src/service/server.ts';
import { seedDemo } from '../../src/service/seed/demo.ts';
import { daysAgo, demoId, setDemoEpoch } from '../../src/service/seed/ids.ts';
import { transaction } from '../../src/service/store/transaction.ts';
import { type Department, type Person, departmentOf } from './department.ts';

// The department's seed, run as a script on the service's empty data folder before the
// service starts (`node bench/team-day/seed.ts` with ATTEST_DATA_DIR and TEAM_DAY_SCALE):
// the demo, then the people and the backlog. The service has no API that makes users or
// clients, so they are written as the demo seed writes its own logins: rows with a scrypt
// hash, one hash shared by every login (scrypt is slow on purpose; a bench needs no salt each).

const OWNER = 'acme';
const dataDir = process.env.ATTEST_DATA_DIR;
if (!dataDir) throw new Error('ATTEST_DATA_DIR names the service data folder to seed');
const department: Department = departmentOf(
  Number(process.env.TEAM_DAY_SCALE ?? 1),
  Number(process.env.TEAM_DAY_MINUTES ?? 10),
);

// Dated from now, as `npm start` dates it: the team view's range holds the demo's history.
setDemoEpoch(Math.floor(Date.now() / 60_000) * 60_000);
const ctx = await openServiceContext(dataDir);
await seedDemo(ctx);
const { db } = ctx;

const PERMS = {
  reviewer: { perms: ['qc.review'], scopes: ['qc', 'files'] },
  notary: { perms: ['signatures.write'], scopes: ['signatures', 'users', 'files'] },
  // Reassigning asks the service about the new party with the manager's token: users too.
  manager: { perms: ['qc.review', 'qc.manage'], scopes: ['qc', 'files', 'users'] },
} as const;

const secretHash = hashSecret(department.secret);
const insertUser = db.prepare(
  `INSERT INTO users (id, owner, display_name, email, job_title, is_notary, created_on)
   VALUES (?, ?, ?, ?, ?, ?, ?)`,
);
const insertClient = db.prepare(
  'INSERT INTO clients (id, owner, secret_hash, user_id, perms, scopes) VALUES (?, ?, ?, ?, ?, ?)',
);
const people: [Person, keyof typeof PERMS][] = [
  ...department.reviewers.map((p): [Person, 'reviewer'] => [p, 'reviewer']),
  ...department.notaries.map((p): [Person, 'notary'] => [p, 'notary']),
  ...department.managers.map((p): [Person, 'manager'] => [p, 'manager']),
];

interface Base {
  process_id: string;
  checklist_version_id: string;
}
const bases = db
  .prepare(
    `SELECT p.id AS process_id, v.id AS checklist_version_id FROM qc_processes p
     JOIN checklist_versions v ON v.checklist_id = p.checklist_id
     WHERE p.owner = ? AND p.archived_on IS NULL
     AND v.created_on = (SELECT MAX(created_on) FROM checklist_versions WHERE checklist_id = p.checklist_id)
     ORDER BY p.id`,
  )
  .all(OWNER) as unknown as Base[];
const files = db
  .prepare(
    `SELECT id, firm_id FROM files WHERE owner = ? AND id IN (SELECT file_id FROM qc_requests)
     ORDER BY id`,
  )
  .all(OWNER) as { id: string; firm_id: string }[];
const pendingNow = () =>
  Number(
    db
      .prepare("SELECT COUNT(*) AS n FROM qc_requests WHERE owner = ? AND status = 'pending'")
      .get(OWNER)?.n,
  );
const signer = db
  .prepare('SELECT id FROM users WHERE owner = ? AND is_notary = 0 ORDER BY id LIMIT 1')
  .get(OWNER) as { id: string };

transaction(db, () => {
  people.forEach(([person, role], i) => {
    insertUser.run(
      person.userId,
      OWNER,
      person.name,
      `${person.clientId}@team-day.test`,
      role,
      role === 'notary' ? 1 : 0,
      daysAgo(30 + i / 100),
    );
    const { perms, scopes } = PERMS[role];
    const userId = person.userId;
    insertClient.run(
      person.clientId,
      OWNER,
      secretHash,
      userId,
      JSON.stringify(perms),
      JSON.stringify(scopes),
    );
  });
  // The backlog: the demo's pending requests and enough more over the three active
  // processes, on the demo's QC documents (their first pages draw; their page boxes read).
  const insert = db.prepare(
    `INSERT INTO qc_requests (id, owner, process_id, checklist_version_id, file_id, firm_id, status,
      signed_by, signed_on, actors, created_on) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, '[]', ?)`,
  );
  const more = Math.max(0, department.backlog - pendingNow());
  for (let n = 0; n < more; n += 1) {
    const file = files[n % files.length]!;
    const base = bases[n % bases.length]!;
    const createdOn = daysAgo(3 * ((more - n) / more) + 0.01);
    insert.run(
      demoId(OWNER, 'team-day-qc', n),
      OWNER,
      base.process_id,
      base.checklist_version_id,
      file.id,
      file.firm_id,
      signer.id,
      createdOn,
      createdOn,
    );
  }
  // Every pending request's notary is one of the department's: a finding's party is the
  // request's notary (ADR 029), so each finding has someone playing its answer.
  const pending = db
    .prepare(
      "SELECT id, actors FROM qc_requests WHERE owner = ? AND status = 'pending' ORDER BY id",
    )
    .all(OWNER) as { id: string; actors: string }[];
  const setActors = db.prepare('UPDATE qc_requests SET actors = ? WHERE id = ?');
  pending.forEach((row, i) => {
    const notary = department.notaries[i % department.notaries.length]!;
    const others = (JSON.parse(row.actors) as { roleId: string }[]).filter(
      (a) => a.roleId !== 'notary',
    );
    const affiant = others.length > 0 ? [] : [{ userId: signer.id, roleId: 'affiant' }];
    const actors = [...others, ...affiant, { userId: notary.userId, roleId: 'notary' }];
    setActors.run(JSON.stringify(actors), row.id);
  });
});

// The demo's own rate of rejection, which the reviewers play at.
const decided = db
  .prepare(
    `SELECT SUM(status = 'rejected') AS rejected, COUNT(*) AS n FROM qc_requests
     WHERE owner = ? AND status IN ('approved', 'rejected')`,
  )
  .get(OWNER) as { rejected: number; n: number };
console.log(
  JSON.stringify({
    pending: pendingNow(),
    processes: bases.length,
    rejectRate: Number(decided.rejected) / Number(decided.n),
  }),
);
db.close();
