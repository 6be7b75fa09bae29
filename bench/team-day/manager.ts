import { randomUUID } from 'node:crypto';
import { call, sleep, timed, type Session } from './client.ts';
import { around, pick, type Day } from './day.ts';
import { conflict } from './record.ts';

// A QC manager's day: every few seconds the team view (the figures of the last week) and the
// disputed findings, settling their share of the disputes (upheld or withdrawn, with a
// reason); now and then the open findings, one reassigned to another notary.

interface Finding {
  id: string;
  responsible: { id: string } | null;
}

const EVERY_MS = 5_000;
const REASSIGN_SHARE = 0.3;

export async function manager(s: Session, day: Day, index: number): Promise<void> {
  const managers = day.department.managers.length;
  await sleep(Math.random() * EVERY_MS);
  while (day.running()) {
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    await timed(s.record, 'team view', () =>
      call(s, 'team view', 'GET', `/team/stats?from=${weekAgo}&to=${today}&tz=UTC`),
    );
    const { json } = await timed(s.record, 'findings list', () =>
      call(s, 'findings list', 'GET', '/team/findings?view=disputed&limit=50'),
    );
    const disputed = (json as { findings: Finding[] }).findings;
    // Each manager settles a share, as a team splits its inbox; two at one still meet a 409.
    for (const [i, finding] of disputed.entries()) {
      if (i % managers !== index || !day.running()) continue;
      const outcome = Math.random() < 0.5 ? 'upheld' : 'withdrawn';
      const note = `team-day ${randomUUID()}`;
      const settled = await timed(s.record, 'settle', () =>
        call(s, 'settle', 'POST', `/team/findings/${finding.id}/settle`, {
          body: { outcome, note },
          ok: [403, 409],
        }),
      );
      if (settled.status >= 300) {
        conflict(s.record, `settlement refused ${settled.status}`);
        continue;
      }
      s.record.steps.push({
        findingId: finding.id,
        kind: 'settled',
        by: s.person.userId,
        what: outcome,
        note,
      });
    }
    if (Math.random() < REASSIGN_SHARE) await reassignOne(s, day);
    await sleep(around(EVERY_MS));
  }
}

async function reassignOne(s: Session, day: Day): Promise<void> {
  const { json } = await timed(s.record, 'findings list', () =>
    call(s, 'findings list', 'GET', '/team/findings?view=open&limit=50'),
  );
  const finding = pick((json as { findings: Finding[] }).findings);
  const to = pick(day.department.notaries.filter((n) => n.userId !== finding?.responsible?.id));
  if (!finding || !to) return;
  const moved = await timed(s.record, 'reassign', () =>
    call(s, 'reassign', 'PUT', `/team/findings/${finding.id}/responsible`, {
      body: { userId: to.userId },
      ok: [409],
    }),
  );
  if (moved.status >= 300) {
    conflict(s.record, 'reassignment refused 409: the finding moved first');
    return;
  }
  // A reassignment carries no note: its step is known by its time, as the answer gave it.
  const steps = (moved.json as { steps: { on: string }[] }).steps;
  s.record.steps.push({
    findingId: finding.id,
    kind: 'reassigned',
    by: s.person.userId,
    what: to.userId,
    note: steps.at(-1)?.on ?? '',
  });
}
