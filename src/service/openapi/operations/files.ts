import {
  FileCreateSchema,
  FileListSchema,
  FileRequestListSchema,
  FileSchema,
  FileUploadSchema,
} from '../../../contract/files.ts';
import {
  RedactionListQuerySchema,
  RedactionListSchema,
  RedactionSchema,
} from '../../../contract/redactions.ts';
import { FILE_REQUESTS, FILES, READERS } from '../../files/files.routes.ts';
import { REDACTIONS } from '../../files/redactions.routes.ts';
import { answer, areaOperations, gap, get, listOf, post, type Access } from '../api-operation.ts';

// Reading is open to everyone who works with documents.
const READER: Access = { kind: 'bearer', anyOf: READERS, area: 'files' };
const WRITER: Access = { kind: 'bearer', anyOf: ['files.write'], area: 'files' };
const FILES_GAP = gap('Files (#1, #23)', 'the spec shows no files endpoints');
const REDACTIONS_GAP = gap('Files (#7, #23)', 'the spec names the redactions list key only');

export const fileOperations = areaOperations('Files', READER, [
  {
    ...get('/files/v1/files', 'listFiles', 'List files'),
    description:
      '`totalCount` stops counting at 10,000; `countExceedsLimit` says when more match. Each ' +
      'file carries a `downloadUrl` valid for 60 minutes.',
    list: listOf('files', FILES),
    responses: [answer(200, 'A page of files.', FileListSchema)],
    extension: FILES_GAP,
  },
  {
    ...get('/files/v1/files/{fileId}', 'getFile', 'Get a file'),
    pathParams: { fileId: { description: 'The file’s id.' } },
    responses: [answer(200, 'The file.', FileSchema)],
    extension: FILES_GAP,
  },
  {
    ...post(
      '/files/v1/files/uploads',
      'createFileUpload',
      'Get an upload slot for a new file’s PDF',
    ),
    description:
      'Step 1 of creating a file: POST the PDF to `uploadUrl` as a multipart form (every ' +
      '`uploadValues` entry, then the file as `file`; see the Storage tag), then create the file ' +
      'with `key`.',
    access: WRITER,
    responses: [answer(201, 'The upload slot.', FileUploadSchema)],
    extension: FILES_GAP,
  },
  {
    ...post('/files/v1/files', 'createFile', 'Create a file over an uploaded PDF'),
    description: 'Step 2: the file record, with a file request of status `open`.',
    access: WRITER,
    body: { json: FileCreateSchema },
    responses: [answer(201, 'The file.', FileSchema)],
    errors: {
      400: 'A bad body; a key not uploaded or already used; a firmId or accountId that is not the owner’s.',
    },
    extension: FILES_GAP,
  },
  {
    ...get('/files/v1/fileRequests', 'listFileRequests', 'List file requests'),
    list: listOf('fileRequests', FILE_REQUESTS),
    responses: [answer(200, 'A page of file requests.', FileRequestListSchema)],
    extension: FILES_GAP,
  },
  {
    ...get('/files/v1/redactions', 'listRedactions', 'List redactions'),
    description:
      'Regions of a file’s pages blacked out before it is shared: rectangles in PDF user space ' +
      '(points, origin at the page’s bottom-left).',
    query: RedactionListQuerySchema,
    queryNotes: { fileId: 'Only the regions of this file.' },
    list: listOf('redactions', REDACTIONS),
    responses: [answer(200, 'A page of redactions.', RedactionListSchema)],
    extension: REDACTIONS_GAP,
  },
  {
    ...get('/files/v1/redactions/{redactionId}', 'getRedaction', 'Get a redaction'),
    pathParams: { redactionId: { description: 'The redaction’s id.' } },
    responses: [answer(200, 'The redaction.', RedactionSchema)],
    extension: REDACTIONS_GAP,
  },
]);
