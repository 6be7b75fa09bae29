import type { Faker } from '@faker-js/faker';
import type { Defect } from './defects.ts';
import type { DocumentLayout } from './layout.ts';

// The shapes the demo seed passes between its modules (demo.ts and one module per area).

/** The demo owners: acme, the main tenant, and globex, which shows isolation. */
export type DemoOwner = 'acme' | 'globex';

export interface OwnerSeed {
  owner: DemoOwner;
  faker: Faker;
  users: SeedUser[];
  firms: { id: string; name: string }[];
  accounts: { id: string; crid: string; matterId: string; signer: string }[];
  files: SeedFile[];
  /** The documents of the decided QC history (ADR 003), after `files`' in numbering. */
  historyFiles: SeedFile[];
}

export interface SeedUser {
  id: string;
  displayName: string;
  email: string;
  jobTitle: string;
  phoneNumber: string;
  role: 'reviewer' | 'notary' | 'admin' | 'preparer' | 'signer';
  isNotary: boolean;
  deactivatedOn: string | null;
  createdOn: string;
  /** A notary's images on file, by blob key. */
  images?: { signature: string; seal: string };
}

export interface SeedFile {
  id: string;
  accountId: string;
  matterId: string;
  crid: string;
  filename: string;
  size: number;
  blobKey: string;
  matterReference: string;
  preparedBy: string;
  preparedById: string;
  preparedOn: string;
  firmId: string;
  signerId: string;
  notaryId: string;
  /** The QC process that reviews it (demo-qc.ts's keys); none for a signature request's. */
  processKey?: string;
  /** What is wrong with it on purpose, drawn on its pages (demo-defects.ts). */
  defects: Defect[];
  /** Where its pages show each part (documents.ts). */
  layout: DocumentLayout;
  templates: {
    id: string;
    filename: string;
    displayName: string;
    signatureRequired: boolean;
    notaryRequired: boolean;
  }[];
}
