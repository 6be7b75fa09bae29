import { randomUUID } from 'node:crypto';
import { call, sleep, timed, type Session } from './client.ts';
import { around, type Day } from './day.ts';
import { conflict } from './record.ts';

// A notary's day: every so often, "My findings" (their open ones), and an answer to each,
// read first: cured mostly, disputed with a reason otherwise (never a finding whose dispute
// was upheld: it cannot be disputed twice). Due dates are business days away; halfway through
// the day a third of the open findings fall due (main.ts), so some answers come late.

interface Finding {
  id: string;
  state: string;
  upheld: boolean;
}

const DISPUTED_SHARE = 0.25;

export async function notary(s: Session, day: Day): Promise<void> {
  const pollMs = Math.max(3_000, 20_000 * (day.plan.minutes / 10));
  await sleep(Math.random() * pollMs);
  while (day.running()) {
    const { json } = await timed(s.record, 'my findings', () =>
      call(s, 'my findings', 'GET', '/team/findings?mine=true&view=open&limit=25'),
    );
    for (const finding of (json as { findings: Finding[] }).findings) {
      if (!day.running()) return;
      if (finding.state !== 'open') continue;
      await sleep(around(2_000));
      const answer = finding.upheld || Math.random() > DISPUTED_SHARE ? 'cured' : 'disputed';
      const note = `team-day ${randomUUID()}`;
      const answered = await timed(s.record, 'answer', () =>
        call(s, 'answer', 'POST', `/team/findings/${finding.id}/answer`, {
          body: { answer, note },
          // Reassigned away meanwhile (404), or moved by someone else first (409).
          ok: [404, 409],
        }),
      );
      if (answered.status >= 300) {
        conflict(s.record, `answer refused ${answered.status}: the finding moved first`);
        continue;
      }
      s.record.steps.push({
        findingId: finding.id,
        kind: 'answered',
        by: s.person.userId,
        what: answer,
        note,
      });
    }
    await sleep(around(pollMs));
  }
}
