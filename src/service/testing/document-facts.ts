import type { DocumentFacts } from '../seed/documents.ts';

/**
 * A notarized affidavit's facts, as the document generator's tests draw it (seed/), with
 * `change` over them.
 */
export const documentFacts = (change: Partial<DocumentFacts> = {}): DocumentFacts => ({
  matterReference: 'MR-2026-000123',
  title: 'Affidavit of Identity',
  crid: 'CR-000123',
  firmName: 'Hollis & Marchetti LLP',
  preparedBy: 'Dana Whitfield',
  preparedOn: '2026-03-04T10:15:00.000Z',
  signerName: 'Jose Alvarez',
  notaryName: 'Nora Notary',
  state: 'Texas',
  ...change,
});
