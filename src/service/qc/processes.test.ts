import { describe, expect } from 'vitest';
import { demoSetup, serviceTest as it } from '../testing/fixtures.ts';
import {
  QcChecklistListSchema,
  QcChecklistSchema,
  QcProcessListSchema,
  QcProcessSchema,
  QcProcessUpdateResponseSchema,
  type QcProcess,
} from '../../contract/qc.ts';
import { expectError, expectGetErrors, readOk, storedValue } from '../testing/service.ts';

const demo = demoSetup();

const processes = async (query = '', token = demo.admin) => {
  const path = `/qc/v2/qc/processes?owner=acme${query}`;
  return (await readOk(demo.service, path, token, QcProcessListSchema)).qcProcesses;
};
const active = async () => (await processes('&archived=false'))[0] as QcProcess;
const stored = (id: string) =>
  demo.service.ctx.db
    .prepare(
      'SELECT display_name, description, checklist_id, archived_on FROM qc_processes WHERE id = ?',
    )
    .get(id);
const patch = (id: string, json: unknown, token = demo.admin) =>
  demo.service.send('PATCH', `/qc/v2/qc/processes/${id}`, { token, json });

describe('QC processes', () => {
  it('lists active and archived processes, readable by reviewers too', async () => {
    const all = await processes('', demo.reviewer);
    expect(all).toHaveLength(4);
    expect((await processes('&archived=true')).map((p) => p.displayName)).toEqual([
      'Legacy affidavit review (2025)',
    ]);
    expect((await processes('&archived=false')).every((p) => p.archivedOn === null)).toBe(true);
    expectError(
      await demo.service.get('/qc/v2/qc/processes?owner=acme&archived=maybe', demo.admin),
      400,
      /archived must be true or false/,
    );
  });

  it("gets one process; 404 for unknown and other owners' ids", async () => {
    const p = await active();
    expect(
      QcProcessSchema.parse(
        (await demo.service.get(`/qc/v2/qc/processes/${p.id}`, demo.reviewer)).body,
      ),
    ).toEqual(p);
    await expectGetErrors(demo.service, [
      [`/qc/v2/qc/processes/${p.id}`, demo.globex, 404, /not found/],
      ['/qc/v2/qc/processes/00000000-0000-4000-8000-000000000000', demo.admin, 404, /not found/],
    ]);
  });

  it('renames and describes; the update response leaves description out, as the spec says', async () => {
    const p = await active();
    const result = await patch(p.id, {
      displayName: 'Affidavit review (east)',
      description: 'Eastern region affidavits.',
    });
    expect(result.status, result.text).toBe(200);
    expect(result.body).not.toHaveProperty('description');
    expect(QcProcessUpdateResponseSchema.parse(result.body)).toMatchObject({
      id: p.id,
      displayName: 'Affidavit review (east)',
    });
    const after = QcProcessSchema.parse(
      (await demo.service.get(`/qc/v2/qc/processes/${p.id}`, demo.admin)).body,
    );
    expect(after.description).toBe('Eastern region affidavits.');
  });

  it('re-points the checklist to another checklist of the owner only', async () => {
    const p = await active();
    const { qcChecklists } = QcChecklistListSchema.parse(
      (await demo.service.get('/qc/v2/qc/checklists?owner=acme', demo.admin)).body,
    );
    const other = qcChecklists.find((c) => c.id !== p.checklistId);
    const result = await patch(p.id, { checklistId: other?.id });
    expect(QcProcessUpdateResponseSchema.parse(result.body).checklistId).toBe(other?.id);

    const globexChecklist = storedValue(
      demo.service.ctx.db,
      "SELECT id FROM checklists WHERE owner = 'globex'",
    );
    const before = stored(p.id);
    expectError(
      await patch(p.id, { checklistId: globexChecklist }),
      400,
      /not a checklist of this owner/,
    );
    expectError(
      await patch(p.id, { checklistId: '00000000-0000-4000-8000-000000000000' }),
      400,
      /not a checklist of this owner/,
    );
    expect(stored(p.id)).toEqual(before);
  });

  it('archives with a timestamp and unarchives with null', async () => {
    const p = await active();
    const at = '2026-11-21T10:00:00.000Z';
    expect(
      QcProcessUpdateResponseSchema.parse((await patch(p.id, { archivedOn: at })).body).archivedOn,
    ).toBe(at);
    expect((await processes('&archived=true')).map((x) => x.id)).toContain(p.id);
    expect(
      QcProcessUpdateResponseSchema.parse((await patch(p.id, { archivedOn: null })).body)
        .archivedOn,
    ).toBeNull();
    expect((await processes('&archived=true')).map((x) => x.id)).not.toContain(p.id);
  });

  it.each([
    ['an empty body', {}, /at least one/],
    ['a blank name', { displayName: '   ' }, /must not be blank/],
    ['a date that is not a timestamp', { archivedOn: 'yesterday' }, /archivedOn/],
    ['an unknown field', { owner: 'globex' }, /invalid request body/],
  ])('refuses %s with 400 and changes nothing', async (_, body, message) => {
    const p = await active();
    const before = stored(p.id);
    expectError(await patch(p.id, body), 400, message);
    expect(stored(p.id)).toEqual(before);
  });

  it('is for QC managers only, within their owner', async () => {
    const p = await active();
    const before = stored(p.id);
    expectError(await patch(p.id, { displayName: 'x' }, demo.reviewer), 401, /qc\.manage/);
    expectError(await patch(p.id, { displayName: 'x' }, demo.globex), 404, /not found/);
    expectError(
      await demo.service.send('PATCH', `/qc/v2/qc/processes/${p.id}`, {
        json: { displayName: 'x' },
      }),
      401,
      /Authorization/,
    );
    expectError(await patch(p.id, { displayName: 'x' }, 'forged'), 401, /invalid/);
    expectError(await patch('not-a-uuid', { displayName: 'x' }), 400, /UUID/);
    expect(stored(p.id)).toEqual(before);
  });
});

describe('QC checklists', () => {
  it("lists checklists with their versions; the active version's items are listed", async () => {
    const result = await demo.service.get('/qc/v2/qc/checklists?owner=acme', demo.reviewer);
    const { qcChecklists, pagination } = QcChecklistListSchema.parse(result.body);
    expect(pagination.totalCount).toBe(3);
    const affidavit = qcChecklists.find((c) => c.displayName === 'Affidavit QC');
    expect(affidavit?.versions.map((v) => v.version)).toEqual(['1.0', '2.0']);
    expect(affidavit?.version).toBe('2.0');
    expect(affidavit?.items.some((i) => i.allowNA)).toBe(true);
    expect(new Set(affidavit?.items.map((i) => i.group)).size).toBeGreaterThan(2);
  });

  it("gets one; 404 for another owner's; 401 without a QC permission", async () => {
    const { qcChecklists } = QcChecklistListSchema.parse(
      (await demo.service.get('/qc/v2/qc/checklists?owner=acme', demo.admin)).body,
    );
    const id = qcChecklists[0]?.id as string;
    expect(
      QcChecklistSchema.parse(
        (await demo.service.get(`/qc/v2/qc/checklists/${id}`, demo.admin)).body,
      ).id,
    ).toBe(id);
    expectError(
      await demo.service.get(`/qc/v2/qc/checklists/${id}`, demo.globex),
      404,
      /not found/,
    );
    expectError(
      await demo.service.get(`/qc/v2/qc/checklists/${id}`, await demo.service.token('acme-notary')),
      401,
      /qc/,
    );
    expectError(
      await demo.service.get('/qc/v2/qc/checklists?owner=globex', demo.admin),
      401,
      /owner globex/,
    );
  });
});
