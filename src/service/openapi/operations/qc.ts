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
import { areaOperations, gap, listOf, type Access } from '../api-operation.ts';

const READER: Access = { kind: 'bearer', anyOf: ['qc.review', 'qc.manage'], area: 'qc' };
const QCR_ID = { qcrID: { description: 'The QC request’s id.' } };
const QCP_ID = { qcpID: { description: 'The QC process’s id.' } };
const READS_GAP = gap('QC', 'the spec gives the list key and the PATCH; reads are ours');

const ProcessListQuerySchema = z.extend(ListQuerySchema, ArchivedFilterSchema.shape);

export const qcOperations = areaOperations('QC', READER, [
  {
    method: 'get',
    path: '/qc/v2/qc/requests',
    operationId: 'listQcRequests',
    summary: 'List QC requests',
    query: QcRequestListQuerySchema,
    queryNotes: {
      status: 'Only requests of this status.',
      processId: 'Only requests of this QC process.',
      checklistId: 'Only requests on any version of this checklist.',
      firmId: 'Only requests whose document is of this firm.',
    },
    list: listOf('qcRequests', QC_REQUESTS),
    responses: [
      { status: 200, description: 'A page of QC requests.', schema: QcRequestListSchema },
    ],
    extension: READS_GAP,
  },
  {
    method: 'get',
    path: '/qc/v2/qc/requests/{qcrID}',
    operationId: 'getQcRequest',
    summary: 'Get a QC request',
    pathParams: QCR_ID,
    responses: [{ status: 200, description: 'The QC request.', schema: QcRequestSchema }],
    extension: READS_GAP,
  },
  {
    method: 'patch',
    path: '/qc/v2/qc/requests/{qcrID}',
    operationId: 'updateQcRequest',
    summary: 'Approve or reject a QC request',
    description:
      '`status` decides (interface-gaps #8, #19). `approved` needs every checklist item ' +
      '`approved` or `notApplicable`; `rejected` needs a `rejected` item or non-empty `notes`. ' +
      'A person’s token may record only its own user as `reviewedBy`.',
    access: { kind: 'bearer', anyOf: ['qc.review'], area: 'qc' },
    pathParams: QCR_ID,
    body: { json: QcRequestPatchSchema },
    responses: [{ status: 200, description: 'The decided QC request.', schema: QcRequestSchema }],
    errors: {
      409: 'The request is no longer `pending`; the message names who decided and when.',
    },
  },
  {
    method: 'get',
    path: '/qc/v2/qc/processes',
    operationId: 'listQcProcesses',
    summary: 'List QC processes',
    query: ProcessListQuerySchema,
    queryNotes: { archived: '`true`: only archived processes; `false`: only active ones.' },
    list: listOf('qcProcesses', PROCESSES),
    responses: [
      { status: 200, description: 'A page of QC processes.', schema: QcProcessListSchema },
    ],
    extension: gap('QC', 'only the process PATCH is given; list and read are ours'),
  },
  {
    method: 'get',
    path: '/qc/v2/qc/processes/{qcpID}',
    operationId: 'getQcProcess',
    summary: 'Get a QC process',
    pathParams: QCP_ID,
    responses: [{ status: 200, description: 'The QC process.', schema: QcProcessSchema }],
    extension: gap('QC', 'only the process PATCH is given; list and read are ours'),
  },
  {
    method: 'patch',
    path: '/qc/v2/qc/processes/{qcpID}',
    operationId: 'updateQcProcess',
    summary: 'Rename, archive or re-checklist a QC process',
    description:
      'At least one field. A timestamp in `archivedOn` archives the process; `null` unarchives ' +
      'it (interface-gaps #12). As the spec says, the answer leaves out `description`.',
    access: { kind: 'bearer', anyOf: ['qc.manage'], area: 'qc' },
    pathParams: QCP_ID,
    body: { json: QcProcessPatchSchema },
    responses: [
      {
        status: 200,
        description: 'The QC process as changed.',
        schema: QcProcessUpdateResponseSchema,
      },
    ],
    errors: { 400: 'A bad body, or a checklistId that is not a checklist of the owner.' },
  },
  {
    method: 'get',
    path: '/qc/v2/qc/checklists',
    operationId: 'listQcChecklists',
    summary: 'List QC checklists',
    list: listOf('qcChecklists', CHECKLISTS),
    responses: [
      { status: 200, description: 'A page of QC checklists.', schema: QcChecklistListSchema },
    ],
    extension: gap('QC (#23, #7)', 'the spec shows no checklist endpoint or fields'),
  },
  {
    method: 'get',
    path: '/qc/v2/qc/checklists/{checklistId}',
    operationId: 'getQcChecklist',
    summary: 'Get a QC checklist',
    pathParams: { checklistId: { description: 'The checklist’s id.' } },
    responses: [{ status: 200, description: 'The checklist.', schema: QcChecklistSchema }],
    extension: gap('QC (#23, #7)', 'the spec shows no checklist endpoint or fields'),
  },
]);
