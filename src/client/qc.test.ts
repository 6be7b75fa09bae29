import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { QcRequestListSchema } from '../contract/qc.ts';
import { qcApi, type QcApi } from './qc.ts';
import { createClient } from './request.ts';
import { clientTest as it } from './testing/fixtures.ts';
import { rejection } from './testing/rejection.ts';
import { tokenUserId } from './testing/stand-in.ts';

let api: QcApi;
let adminId: string;

it.beforeAll(async ({ service, admin }) => {
  api = qcApi(admin.client);
  adminId = tokenUserId(await service.token('acme-admin'));
});

describe('QC requests', () => {
  it('lists with filters, gets one, and approves it; a second decision is 409', async ({
    admin,
  }) => {
    const pending = await api.listQcRequests({
      owner: 'acme',
      status: 'pending',
      orderDirection: 'desc',
      limit: 3,
    });
    expect(pending.qcRequests).toHaveLength(3);
    expect(pending.qcRequests.every((q) => q.status === 'pending')).toBe(true);
    const call = admin.calls.at(-1);
    expect(Object.fromEntries(call?.search ?? [])).toEqual({
      owner: 'acme',
      status: 'pending',
      orderDirection: 'desc',
      limit: '3',
    });

    const target = pending.qcRequests[0];
    if (!target) throw new Error('no pending request');
    const fetched = await api.getQcRequest(target.id);
    expect(fetched.id).toBe(target.id);

    const decided = await api.decideQcRequest(target.id, {
      status: 'approved',
      reviewedBy: adminId,
      checklistItems: fetched.checklistItems.map((item) => ({ id: item.id, status: 'approved' })),
    });
    expect(decided).toMatchObject({ id: target.id, status: 'approved', reviewedBy: adminId });
    expect(admin.calls.at(-1)?.headers.get('x-attest')).toBe('1');

    const again = await rejection(
      api.decideQcRequest(target.id, { status: 'rejected', reviewedBy: adminId, notes: 'late' }),
    );
    expect(again).toMatchObject({ code: 'http', status: 409 });
    expect(again.message).toMatch(/already approved/);
  });

  it('filters by process, checklist and firm', async () => {
    const { qcRequests } = await api.listQcRequests({ owner: 'acme', limit: 1 });
    const sample = qcRequests[0];
    if (!sample) throw new Error('no request');
    const byFirm = await api.listQcRequests({ owner: 'acme', firmId: sample.document.firmId });
    expect(byFirm.qcRequests.every((q) => q.document.firmId === sample.document.firmId)).toBe(true);
    const { qcProcesses } = await api.listQcProcesses({ owner: 'acme' });
    const process = qcProcesses.find((p) => p.displayName === sample.processName);
    if (!process) throw new Error('no process');
    const byProcess = await api.listQcRequests({ owner: 'acme', processId: process.id });
    const byChecklist = await api.listQcRequests({
      owner: 'acme',
      checklistId: process.checklistId,
    });
    expect(byProcess.qcRequests.length).toBeGreaterThan(0);
    expect(byProcess.qcRequests.every((q) => q.processName === process.displayName)).toBe(true);
    expect(byChecklist.qcRequests.length).toBeGreaterThan(0);
  });

  it('an unknown id is an ApiError 404 with the service message and the path', async () => {
    const id = randomUUID();
    const error = await rejection(api.getQcRequest(id));
    expect(error).toMatchObject({
      code: 'http',
      status: 404,
      message: `QC request ${id} not found`,
      path: `/api/qc/v2/qc/requests/${id}`,
    });
  });

  it('an answer that does not match the contract is an unexpected response', async ({
    service,
  }) => {
    // A "gateway" whose upstream answers a different shape (a page without `pagination`).
    const wrong = qcApi(
      createClient({
        fetch: async () => Response.json({ qcRequests: [{ id: 'not-a-uuid' }] }),
      }),
    );
    const error = await rejection(wrong.listQcRequests({ owner: 'acme' }));
    expect(error).toMatchObject({
      code: 'unexpected-response',
      message: 'unexpected response from the service',
      path: '/api/qc/v2/qc/requests',
    });
    const paths = error.issues?.map((issue) => issue.path.join('.'));
    expect(paths).toContain('pagination');
    expect(paths).toContain('qcRequests.0.id');
    // The real answer parses with the same contract schema.
    const real = await service.get(
      '/qc/v2/qc/requests?owner=acme&limit=1',
      await service.token('acme-admin'),
    );
    expect(QcRequestListSchema.safeParse(real.body).success).toBe(true);
  });
});

describe('QC processes and checklists', () => {
  it('lists (archived filter), gets, renames, archives and unarchives a process', async ({
    admin,
  }) => {
    const active = await api.listQcProcesses({ owner: 'acme', archived: false });
    expect(admin.calls.at(-1)?.search.get('archived')).toBe('false');
    expect(active.qcProcesses.every((p) => !p.archivedOn)).toBe(true);
    const process = active.qcProcesses[0];
    if (!process) throw new Error('no process');
    expect(await api.getQcProcess(process.id)).toEqual(process);

    const renamed = await api.updateQcProcess(process.id, {
      displayName: `${process.displayName} (renamed)`,
    });
    expect(renamed.displayName).toBe(`${process.displayName} (renamed)`);
    expect(renamed).not.toHaveProperty('description');
    const archived = await api.updateQcProcess(process.id, { archivedOn: '2030-01-01T00:00:00Z' });
    expect(archived.archivedOn).toBeTruthy();
    const listed = await api.listQcProcesses({ owner: 'acme', archived: true });
    expect(listed.qcProcesses.map((p) => p.id)).toContain(process.id);
    const back = await api.updateQcProcess(process.id, {
      archivedOn: null,
      displayName: process.displayName,
    });
    expect(back.archivedOn ?? null).toBeNull();
  });

  it('lists and gets checklists with their versions and items', async () => {
    const { qcChecklists, pagination } = await api.listQcChecklists({ owner: 'acme', limit: 2 });
    expect(qcChecklists.length).toBeGreaterThan(0);
    expect(pagination.totalCount).toBeGreaterThanOrEqual(qcChecklists.length);
    const first = qcChecklists[0];
    if (!first) throw new Error('no checklist');
    const checklist = await api.getQcChecklist(first.id);
    expect(checklist).toEqual(first);
    expect(checklist.items.length).toBeGreaterThan(0);
    expect(checklist.versions.map((v) => v.version)).toContain(checklist.version);
  });
});
