import type { ServiceContext } from '../context.ts';
import type { OwnerSeed, SeedFile } from './seed-types.ts';
import { demoId } from './ids.ts';

/** Signature requests in every state (a share awaiting a wet-ink scan) and transactions. */
export function insertSignatures(
  ctx: ServiceContext,
  seed: OwnerSeed,
  files: SeedFile[],
  transactions: number,
) {
  const { faker, owner, users } = seed;
  const insertRequest = ctx.db.prepare(
    `INSERT INTO signature_requests (id, owner, file_id, status, wet_ink, scan_blob_key, completed_blob_key, signed_by, notarized_by,
      completed_on, created_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // Fixed shares so the demo always has at least 10 requests awaiting a scan.
  const plan = (i: number, n: number) => {
    const share = i / n;
    if (share < 0.3) return { status: 'pending', wetInk: false };
    if (share < 0.5) return { status: 'awaitingWetInk', wetInk: true };
    if (share < 0.63) return { status: 'wetInkUploaded', wetInk: true };
    return { status: 'completed', wetInk: faker.datatype.boolean({ probability: 0.3 }) };
  };
  const requests = files.map((file, i) => {
    const id = demoId(owner, 'signature-request', i);
    const { status, wetInk } = plan(i, files.length);
    const createdOn = file.preparedOn;
    const completedOn =
      status === 'completed'
        ? new Date(
            Date.parse(createdOn) + faker.number.int({ min: 2, max: 72 }) * 3_600_000,
          ).toISOString()
        : null;
    insertRequest.run(
      id,
      owner,
      file.id,
      status,
      wetInk ? 1 : 0,
      status === 'wetInkUploaded' || (status === 'completed' && wetInk)
        ? `scans/${file.id}.pdf`
        : null,
      status === 'completed' ? file.blobKey : null,
      status === 'completed' ? file.signerId : null,
      status === 'completed' ? file.notaryId : null,
      completedOn,
      createdOn,
    );
    return { id, file, status, createdOn, completedOn };
  });

  const insertTransaction = ctx.db.prepare(
    `INSERT INTO signature_transactions (id, owner, signer_id, notary_id, client_group, status, signature_requests, otp_required,
      otp_method, created_on, completed_on, failed_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const notaries = users.filter((u) => u.isNotary);
  const signers = users.filter((u) => u.role === 'signer');
  for (let i = 0; i < transactions; i += 1) {
    const batch = faker.helpers.arrayElements(requests, { min: 1, max: 3 });
    const first = batch[0];
    if (!first) continue;
    const status = faker.helpers.weightedArrayElement([
      { weight: 4, value: 'pending' },
      { weight: 4, value: 'completed' },
      { weight: 1, value: 'failed' },
      { weight: 1, value: 'cancelled' },
    ]);
    // The first notary (Nora Notary for acme) is on a third of the transactions, so her list is never empty.
    const notary = i % 3 === 0 ? notaries[0] : faker.helpers.arrayElement(notaries);
    const signer = i % 7 === 0 && notaries[0] ? notaries[0] : faker.helpers.arrayElement(signers);
    const createdOn = first.createdOn;
    const later = (hours: number) =>
      new Date(Date.parse(createdOn) + hours * 3_600_000).toISOString();
    const otpRequired = faker.datatype.boolean({ probability: 0.6 });
    insertTransaction.run(
      demoId(owner, 'transaction', i),
      owner,
      signer?.id ?? first.file.signerId,
      notary?.id ?? null,
      faker.helpers.arrayElement(['retail', 'commercial', 'legal']),
      status,
      JSON.stringify(batch.map((r) => r.id)),
      otpRequired ? 1 : 0,
      otpRequired ? faker.helpers.arrayElement(['sms', 'email', 'totp']) : null,
      createdOn,
      status === 'completed' ? later(faker.number.int({ min: 1, max: 48 })) : null,
      status === 'failed' ? later(faker.number.int({ min: 1, max: 12 })) : null,
    );
  }
}
