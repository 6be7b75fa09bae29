import type { Tag } from './api-operation.ts';

export const TAGS: { name: Tag; description: string }[] = [
  {
    name: 'Authentication',
    description: 'Token issuance: OAuth 2.0 client credentials (`/auth`).',
  },
  {
    name: 'Accounts',
    description: 'Accounts, the entities on them, firms and creditors (`/accounts/v1`).',
  },
  { name: 'Files', description: 'File resources, file requests and redactions (`/files/v1`).' },
  { name: 'QC', description: 'QC requests, processes and checklists (`/qc/v2/qc`).' },
  { name: 'Signatures', description: 'Signature requests and transactions (`/signatures/v2`).' },
  { name: 'Users', description: 'User profiles and their images (`/users/v1`).' },
  {
    name: 'Storage',
    description:
      'The presigned URLs the API hands out: downloads and uploads on the service’s own origin, ' +
      'as a storage bucket would serve them (CORS `*`). Use the URLs and form values exactly as ' +
      'issued.',
  },
  { name: 'Service', description: 'The service itself: health and this document.' },
  {
    name: 'Sandbox',
    description:
      'Reference-only controls for testing against the reference service (`/sandbox/v1`): reset, ' +
      'the clock, completing requests, webhook deliveries, revoking and deactivating. A real ' +
      'deployment answers 404 there, and a spec-strict service has none of them.',
  },
];
