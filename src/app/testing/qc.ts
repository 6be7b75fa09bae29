import type { QcRequest } from '../../contract/qc.ts';

/** A QC request for document `id`, decided by `reviewedBy` when it names one. */
export function qcRequest(
  id: string,
  status: QcRequest['status'] = 'pending',
  reviewedBy?: string,
): QcRequest {
  return {
    id,
    createdOn: '2026-06-01T10:00:00.000Z',
    status,
    document: {
      id,
      templates: [],
      matterReference: 'MR',
      preparedBy: 'Dana Whitfield',
      preparedOn: '2026-06-01T09:00:00.000Z',
      firmId: 'f',
    },
    checklistItems: [],
    actors: [],
    fileUrl: '/files/1',
    processName: 'Affidavit review',
    checklistName: 'Affidavit QC',
    ...(reviewedBy ? { reviewedBy } : {}),
  };
}
