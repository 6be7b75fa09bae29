import type { ApiOperation } from '../api-operation.ts';
import { accountOperations } from './accounts.ts';
import { fileOperations } from './files.ts';
import { qcOperations } from './qc.ts';
import { sandboxOperations } from './sandbox.ts';
import { serviceOperations } from './service.ts';
import { signatureOperations } from './signatures.ts';
import { storageOperations } from './storage.ts';
import { userOperations } from './users.ts';

/** Every operation of the service, in the order the document lists them. */
export const OPERATIONS: readonly ApiOperation[] = [
  ...serviceOperations,
  ...accountOperations,
  ...fileOperations,
  ...qcOperations,
  ...signatureOperations,
  ...userOperations,
  ...storageOperations,
  ...sandboxOperations,
];
