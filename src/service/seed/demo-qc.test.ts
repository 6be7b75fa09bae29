import { describe, expect } from 'vitest';
import { serviceTest } from '../testing/fixtures.ts';
import { DEMO_EPOCH } from './ids.ts';

// The demo's QC history has the shape the team view needs to say something (ADR 021),
// counted here straight from the seeded rows.

/** `rows`: what a query selects from the service's seeded database. */
const it = serviceTest.extend(
  'rows',
  { scope: 'file' },
  ({ service }) =>
    <T>(sql: string, ...params: string[]) =>
      service.ctx.db.prepare(sql).all(...params) as T[],
);

const HOUR = 3_600_000;

describe('demo QC history', () => {
  it('spreads decisions over five weeks among several reviewers, mostly within minutes', ({
    rows,
  }) => {
    const decided = rows<{ by: string; started: string; completed: string; created: string }>(
      `SELECT reviewed_by AS by, review_started_on AS started, review_completed_on AS completed,
        created_on AS created FROM qc_requests WHERE owner = 'acme' AND status != 'pending'`,
    );
    expect(decided.length).toBeGreaterThanOrEqual(150);
    const perReviewer = new Map<string, number>();
    for (const d of decided) perReviewer.set(d.by, (perReviewer.get(d.by) ?? 0) + 1);
    expect([...perReviewer.values()].filter((n) => n >= 10).length).toBeGreaterThanOrEqual(4);

    const completed = decided.map((d) => Date.parse(d.completed));
    expect(DEMO_EPOCH - Math.min(...completed)).toBeGreaterThan(28 * 24 * HOUR);
    expect(DEMO_EPOCH - Math.max(...completed)).toBeLessThan(12 * HOUR);
    for (const d of decided) {
      expect(Date.parse(d.created)).toBeLessThan(Date.parse(d.started));
      expect(Date.parse(d.started)).toBeLessThan(Date.parse(d.completed));
    }
    const minutes = decided.map((d) => (Date.parse(d.completed) - Date.parse(d.started)) / 60_000);
    const quick = minutes.filter((m) => m >= 2 && m <= 12).length;
    expect(quick / minutes.length).toBeGreaterThan(0.8);
    expect(minutes.some((m) => m > 20)).toBe(true);
  });

  it('concentrates failures on a few checks, with some double failures', ({ rows }) => {
    const failed = rows<{ request: string; name: string }>(
      `SELECT r.id AS request, json_extract(i.value, '$.displayName') AS name
       FROM qc_requests r JOIN checklist_versions v ON v.id = r.checklist_version_id,
         json_each(v.items) i
       WHERE r.owner = 'acme' AND r.status = 'rejected'
         AND json_extract(r.verdicts, '$."' || json_extract(i.value, '$.id') || '".status') = 'rejected'`,
    );
    const byName = new Map<string, number>();
    for (const f of failed) byName.set(f.name, (byName.get(f.name) ?? 0) + 1);
    const top3 = [...byName.values()].sort((a, b) => b - a).slice(0, 3);
    expect(top3.reduce((a, b) => a + b, 0) / failed.length).toBeGreaterThan(0.5);
    expect(byName.size).toBeGreaterThan(5);
    const perRequest = new Map<string, number>();
    for (const f of failed) perRequest.set(f.request, (perRequest.get(f.request) ?? 0) + 1);
    expect([...perRequest.values()].filter((n) => n === 2).length).toBeGreaterThanOrEqual(3);
    expect([...perRequest.values()].every((n) => n >= 1 && n <= 2)).toBe(true);
  });

  it('has firms and notaries worse than others', ({ rows }) => {
    const rate = (key: string) => {
      const groups = rows<{ key: string; n: number; rejected: number }>(
        `SELECT ${key} AS key, COUNT(*) AS n, SUM(status = 'rejected') AS rejected
         FROM qc_requests WHERE owner = 'acme' AND status != 'pending' GROUP BY 1 HAVING n >= 10`,
      );
      const rates = groups.map((g) => g.rejected / g.n).sort((a, b) => a - b);
      return { best: rates[0] ?? 0, worst: rates.at(-1) ?? 0 };
    };
    const firms = rate('firm_id');
    expect(firms.worst).toBeGreaterThan(firms.best * 2);
    const notaries = rate("json_extract(actors, '$[1].userId')");
    expect(notaries.worst).toBeGreaterThan(notaries.best * 1.5);
  });

  it('leaves one process past a two-day target and another within three days', ({ rows }) => {
    const oldest = rows<{ name: string; oldest: string }>(
      `SELECT p.display_name AS name, MIN(r.created_on) AS oldest FROM qc_requests r
       JOIN qc_processes p ON p.id = r.process_id
       WHERE r.owner = 'acme' AND r.status = 'pending' GROUP BY p.id`,
    );
    const age = (name: string) =>
      (DEMO_EPOCH - Date.parse(oldest.find((o) => o.name === name)?.oldest ?? '')) / HOUR;
    expect(age('Affidavit review')).toBeGreaterThan(48);
    expect(age('Power of attorney review')).toBeLessThan(72);
    expect(age('Power of attorney review')).toBeGreaterThan(0);
  });
});
