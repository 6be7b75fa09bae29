import { ListQuerySchema } from '../../../contract/common.ts';
import {
  QcChecklistListSchema,
  QcChecklistSchema,
  QcProcessListSchema,
  QcProcessPatchSchema,
  QcProcessSchema,
  QcProcessUpdateResponseSchema,
  QcRequestListQuerySchema,
  QcRequestListSchema,
  QcRequestPatchSchema,
  QcRequestSchema,
} from '../../../contract/qc.ts';
import { z } from '../../../contract/zod.ts';
import { CHECKLISTS } from '../../qc/checklists.routes.ts';
import { ArchivedFilterSchema, PROCESSES } from '../../qc/processes.routes.ts';
import { QC_REQUESTS } from '../../qc/requests.routes.ts';
import { answer, areaOperations, gap, get, listOf, patch, type Access } from '../api-operation.ts';

const READER: Access = { kind: 'bearer', anyOf: ['qc.review', 'qc.manage'], area: 'qc' };
const QCR_ID = { qcrID: { description: 'The QC request’s id.' } };
const QCP_ID = { qcpID: { description: 'The QC process’s id.' } };
const READS_GAP = gap('QC', 'the spec gives the list key and the PATCH; reads are ours');

const ProcessListQuerySchema = z.extend(ListQuerySchema, ArchivedFilterSchema.shape);

export const qcOperations = areaOperations('QC', READER, [
  {
    ...get('/qc/v2/qc/requests', 'listQcRequests', 'List QC requests'),
    query: QcRequestListQuerySchema,
    queryNotes: {
      status: 'Only requests of this status.',
      processId: 'Only requests of this QC process.',
      checklistId: 'Only requests on any version of this checklist.',
      firmId: 'Only requests whose document is of this firm.',
    },
    list: listOf('qcRequests', QC_REQUESTS),
    responses: [answer(200, 'A page of QC requests.', QcRequestListSchema)],
    extension: READS_GAP,
  },
  {
    ...get('/qc/v2/qc/requests/{qcrID}', 'getQcRequest', 'Get a QC request'),
    pathParams: QCR_ID,
    responses: [answer(200, 'The QC request.', QcRequestSchema)],
    extension: READS_GAP,
  },
  {
    ...patch('/qc/v2/qc/requests/{qcrID}', 'updateQcRequest', 'Approve or reject a QC request'),
    description:
      '`status` decides (interface-gaps #8, #19). `approved` needs every checklist item ' +
      '`approved` or `notApplicable`; `rejected` needs a `rejected` item or non-empty `notes`. ' +
      'A person’s token may record only its own user as `reviewedBy`.',
    access: { kind: 'bearer', anyOf: ['qc.review'], area: 'qc' },
    pathParams: QCR_ID,
    body: { json: QcRequestPatchSchema },
    responses: [answer(200, 'The decided QC request.', QcRequestSchema)],
    errors: {
      409: 'The request is no longer `pending`; the message names who decided and when.',
    },
  },
  {
    ...get('/qc/v2/qc/processes', 'listQcProcesses', 'List QC processes'),
    query: ProcessListQuerySchema,
    queryNotes: { archived: '`true`: only archived processes; `false`: only active ones.' },
    list: listOf('qcProcesses', PROCESSES),
    responses: [answer(200, 'A page of QC processes.', QcProcessListSchema)],
    extension: gap('QC', 'only the process PATCH is given; list and read are ours'),
  },
  {
    ...get('/qc/v2/qc/processes/{qcpID}', 'getQcProcess', 'Get a QC process'),
    pathParams: QCP_ID,
    responses: [answer(200, 'The QC process.', QcProcessSchema)],
    extension: gap('QC', 'only the process PATCH is given; list and read are ours'),
  },
  {
    ...patch(
      '/qc/v2/qc/processes/{qcpID}',
      'updateQcProcess',
      'Rename, archive or re-checklist a QC process',
    ),
    description:
      'At least one field. A timestamp in `archivedOn` archives the process; `null` unarchives ' +
      'it (interface-gaps #12). As the spec says, the answer leaves out `description`.',
    access: { kind: 'bearer', anyOf: ['qc.manage'], area: 'qc' },
    pathParams: QCP_ID,
    body: { json: QcProcessPatchSchema },
    responses: [answer(200, 'The QC process as changed.', QcProcessUpdateResponseSchema)],
    errors: { 400: 'A bad body, or a checklistId that is not a checklist of the owner.' },
  },
  {
    ...get('/qc/v2/qc/checklists', 'listQcChecklists', 'List QC checklists'),
    list: listOf('qcChecklists', CHECKLISTS),
    responses: [answer(200, 'A page of QC checklists.', QcChecklistListSchema)],
    extension: gap('QC (#23, #7)', 'the spec shows no checklist endpoint or fields'),
  },
  {
    ...get('/qc/v2/qc/checklists/{checklistId}', 'getQcChecklist', 'Get a QC checklist'),
    pathParams: { checklistId: { description: 'The checklist’s id.' } },
    responses: [answer(200, 'The checklist.', QcChecklistSchema)],
    extension: gap('QC (#23, #7)', 'the spec shows no checklist endpoint or fields'),
  },
]);
