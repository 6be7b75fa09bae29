import type { CheckFacts } from '../document-read.ts';

/** A request's facts as the checks' tests judge the generator's documents by, with `change`. */
export const checkFacts = (change: Partial<CheckFacts> = {}): CheckFacts => ({
  matterReference: 'MR-2026-000123',
  signedOn: '2026-03-04',
  today: '2026-12-02',
  signer: { userId: 'signer', name: 'José Álvarez' },
  notary: { userId: 'notary', name: 'Nora Notary', sealOnFile: true },
  signatureRequired: true,
  notaryRequired: true,
  ...change,
});
