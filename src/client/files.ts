import {
  FileListSchema,
  FileRequestListSchema,
  FileSchema,
  FileUploadSchema,
  type FileCreate,
  type FileList,
  type FileRecord,
  type FileRequestList,
  type FileUpload,
} from '../contract/files.ts';
import type { ListParams } from './paginate.ts';
import { readById } from './read-by-id.ts';
import { defaultClient, type CallOptions, type Client } from './request.ts';

const BASE = '/api/files/v1';

export function filesApi({ request }: Client) {
  return {
    /** `totalCount` is capped; `countExceedsLimit` says when it was. */
    listFiles: (params: ListParams, opts: CallOptions = {}): Promise<FileList> =>
      request('GET', `${BASE}/files`, { query: params, schema: FileListSchema, ...opts }),

    getFile: readById(request, `${BASE}/files`, FileSchema),

    /** Step 1 of a new file: an upload slot for its PDF (then `uploadForm`, then `createFile`). */
    requestFileUpload: (): Promise<FileUpload> =>
      request('POST', `${BASE}/files/uploads`, { schema: FileUploadSchema }),

    /** Step 3: the file record over the uploaded PDF's `key`. */
    createFile: (body: FileCreate): Promise<FileRecord> =>
      request('POST', `${BASE}/files`, { body, schema: FileSchema }),

    listFileRequests: (params: ListParams, opts: CallOptions = {}): Promise<FileRequestList> =>
      request('GET', `${BASE}/fileRequests`, {
        query: params,
        schema: FileRequestListSchema,
        ...opts,
      }),
  };
}

export type FilesApi = ReturnType<typeof filesApi>;

export const { listFiles, getFile, requestFileUpload, createFile, listFileRequests } =
  filesApi(defaultClient);
