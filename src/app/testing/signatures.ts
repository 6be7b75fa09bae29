import type { SignatureRequest } from '../../contract/signatures.ts';

/** A signature request with only the spec's fields: no `status`, no `wetInk`, not completed. */
export const SPEC_REQUEST: SignatureRequest = {
  id: '7b0c1a4e-0000-4000-8000-000000000001',
  createdOn: '2026-11-01T10:00:00.000Z',
  file: {
    id: '7b0c1a4e-0000-4000-8000-000000000002',
    matterReference: 'MR-1',
    preparedBy: 'Alex Admin',
    preparedOn: '2026-10-30T10:00:00.000Z',
    firmId: 'firm-1',
    templates: [],
  },
};
