import { base, en, en_US, Faker } from '@faker-js/faker';
import { hashSecret } from '../auth/secrets.ts';
import type { ServiceContext } from '../context.ts';
import { sealDemoCompletions } from '../sealing/seal-completed.ts';
import { transaction } from '../store/transaction.ts';
import { STATES, TEMPLATES, type CatalogTemplate } from './catalog.ts';
import { DEMO_CLIENTS } from './demo-clients.ts';
import { hash } from './affidavit-text.ts';
import { renderDocument, renderScan, renderScanPdf } from './documents.ts';
import { queueScan } from './scan-queue.ts';
import { sealPng, signaturePng } from './notary-images.ts';
import { drawDefects } from './demo-defects.ts';
import { daysAgo, demoId } from './ids.ts';
import { insertAccounts } from './demo-accounts.ts';
import { DEMO_PROCESSES, insertChecklists } from './demo-qc.ts';
import { keepLayout } from './demo-regions.ts';
import { insertQcRequests } from './demo-qc-requests.ts';
import { insertRedactions } from './demo-redactions.ts';
import { insertSignatures } from './demo-signatures.ts';
import type { DemoOwner, OwnerSeed, SeedFile, SeedUser } from './seed-types.ts';

export type { DemoOwner, OwnerSeed };

/** How much demo data each owner gets; acme is the main tenant, globex shows isolation. */
const SIZES = {
  acme: {
    users: 14,
    firms: 12,
    creditors: 20,
    accounts: 150,
    qcRequests: 200,
    // Decided QC requests of the last five weeks (ADR 003), each over a document of its own.
    qcHistory: 120,
    signatureRequests: 60,
    transactions: 30,
  },
  globex: {
    users: 5,
    firms: 4,
    creditors: 5,
    accounts: 20,
    qcRequests: 30,
    qcHistory: 12,
    signatureRequests: 8,
    transactions: 5,
  },
} as const satisfies Record<DemoOwner, unknown>;
type Owner = DemoOwner;

export function isDemoOwner(owner: string): owner is DemoOwner {
  return Object.hasOwn(SIZES, owner);
}

/** Seeds the demo data into an empty store; returns false when the store has data already. */
export async function seedDemo(ctx: ServiceContext): Promise<boolean> {
  const seeded = ctx.db.prepare('SELECT COUNT(*) AS n FROM owners').get();
  if (Number(seeded?.n) > 0) return false;
  const owners: OwnerSeed[] = [];
  for (const owner of ['acme', 'globex'] as const) owners.push(await prepareOwner(ctx, owner));
  transaction(ctx.db, () => {
    for (const seed of owners) insertOwner(ctx, seed);
  });
  // The completed signature requests' documents carry the service's seal (sealing/, ADR 033).
  await sealDemoCompletions(ctx);
  return true;
}

/**
 * One owner's demo data, for the sandbox reset: prepareDemoOwner renders the documents
 * (rewriting their blobs, byte for byte the same) outside any transaction; insertDemoOwner
 * then inserts the rows, keeping the owner row and clients that exist, so issued tokens
 * keep working. The caller clears the owner's other rows first, in the same transaction.
 */
export function prepareDemoOwner(ctx: ServiceContext, owner: DemoOwner): Promise<OwnerSeed> {
  return prepareOwner(ctx, owner);
}

export function insertDemoOwner(ctx: ServiceContext, seed: OwnerSeed): void {
  insertOwner(ctx, seed);
}

const OWNER_NAMES: Record<Owner, string> = {
  acme: 'Acme Recovery Partners',
  globex: 'Globex Legal Services',
};

/** Everything random is drawn here, from a faker seeded per owner: same seed, same data. */
async function prepareOwner(ctx: ServiceContext, owner: Owner): Promise<OwnerSeed> {
  const size = SIZES[owner];
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(owner === 'acme' ? 20261101 : 20261102);

  const logins = DEMO_CLIENTS.filter((c) => c.owner === owner && c.user);
  const clientUsers = logins.filter((c) => c.seat === undefined).map((c) => c.user as string);
  // A seated login's user is named in place of the drawn name: the draws stay as they were.
  const seated = new Map(logins.flatMap((c) => (c.seat === undefined ? [] : [[c.seat, c.user]])));
  const users: SeedUser[] = [];
  for (let i = 0; i < size.users; i += 1) {
    const drawn = clientUsers[i] ?? faker.person.fullName();
    const displayName = seated.get(i) ?? drawn;
    const role =
      displayName === 'Riley Reviewer' || i % 5 === 3
        ? 'reviewer'
        : displayName === 'Nora Notary' || i % 5 === 1
          ? 'notary'
          : displayName.startsWith('Alex') || displayName.startsWith('Gwen')
            ? 'admin'
            : i % 5 === 4
              ? 'preparer'
              : 'signer';
    users.push({
      id: demoId(owner, 'user', displayName),
      displayName,
      email: `${displayName.toLowerCase().replace(/[^a-z]+/g, '.')}@${owner}.example`,
      // The second QC manager's login (four eyes) sits where the draw put a reviewer.
      jobTitle:
        displayName === 'Morgan Manager'
          ? 'QC Manager'
          : {
              reviewer: 'QC Reviewer',
              notary: 'Notary Public',
              admin: 'Operations Manager',
              preparer: 'Paralegal',
              signer: 'Signing Agent',
            }[role],
      phoneNumber: faker.phone.number({ style: 'national' }),
      role,
      isNotary: role === 'notary',
      // One deactivated user per owner, so the console can show one.
      deactivatedOn: i === size.users - 1 ? daysAgo(20) : null,
      createdOn: daysAgo(500 - i),
    });
  }

  // The notaries' seal and signature images on file: the profile shows them, and the
  // documents each notarizes are stamped with the same seal.
  for (const u of users.filter((user) => user.isNotary)) {
    const state = notaryState(u);
    const images = {
      signature: `images/${u.id}/signature-demo.png`,
      seal: `images/${u.id}/notarySeal-demo.png`,
    };
    ctx.blobs.put(images.signature, signaturePng(u.displayName));
    ctx.blobs.put(images.seal, sealPng({ name: u.displayName, state }));
    u.images = images;
  }

  const firms = Array.from({ length: size.firms }, (_, i) => ({
    id: demoId(owner, 'firm', i),
    name: `${faker.company.name()} ${faker.helpers.arrayElement(['LLP', 'PLLC', 'Law Group', 'Associates'])}`,
  }));
  const signers = users.filter((u) => u.role === 'signer' && !u.deactivatedOn);
  const accounts = Array.from({ length: size.accounts }, (_, i) => ({
    id: demoId(owner, 'account', i),
    crid: `${owner === 'acme' ? 'CR' : 'GX'}-${String(i + 1).padStart(6, '0')}`,
    matterId: demoId(owner, 'matter', i),
    signer: faker.helpers.arrayElement(signers).id,
  }));

  // One document per QC request and per signature request, each a real PDF. The QC queue's
  // documents are days old; the signature requests' up to five months.
  const files: SeedFile[] = [];
  const people = { users, accounts, firms };
  const fileCount = size.qcRequests + size.signatureRequests;
  // Each QC request's process is chosen before its document is drawn, so the document is
  // what the process reviews (ADR 035): from a faker of its own, the other draws stay.
  const kinds = new Faker({ locale: [en_US, en, base] });
  kinds.seed(owner === 'acme' ? 18_2001 : 18_2002);
  // Which documents carry a defect (demo-defects.ts): a faker of its own too.
  const flaws = new Faker({ locale: [en_US, en, base] });
  flaws.seed(owner === 'acme' ? 18_3001 : 18_3002);
  const active = DEMO_PROCESSES[owner].filter((p) => p.weight > 0);
  const processOf = () =>
    kinds.helpers.weightedArrayElement(active.map((p) => ({ weight: p.weight, value: p.key })));
  for (let i = 0; i < fileCount; i += 1) {
    const days = i < size.qcRequests ? { min: 0.1, max: 9 } : { min: 1, max: 150 };
    const processKey = i < size.qcRequests ? processOf() : undefined;
    files.push(await prepareFile(ctx, owner, faker, people, i, days, { processKey, kinds, flaws }));
  }
  // Scans for the signature requests whose wet-ink scan is already uploaded.
  for (const [n, file] of files.slice(size.qcRequests).entries()) {
    const signer = users.find((u) => u.id === file.signerId);
    const key = `scans/${file.id}.pdf`;
    ctx.blobs.put(
      key,
      await renderScanPdf({
        matterReference: file.matterReference,
        signerName: signer?.displayName ?? 'Account Holder',
        ...(file.templates[0] && { title: file.templates[0].displayName }),
      }),
    );
    queueScan(ctx, key, n);
  }
  // The decided history's documents, from a faker of their own so the rest stays as it was.
  const history = new Faker({ locale: [en_US, en, base] });
  history.seed(owner === 'acme' ? 18_1001 : 18_1002);
  const historyFiles: SeedFile[] = [];
  for (let n = 0; n < size.qcHistory; n += 1) {
    const days = { min: 1, max: 36 };
    const processKey = processOf();
    historyFiles.push(
      await prepareFile(ctx, owner, history, people, fileCount + n, days, {
        processKey,
        kinds,
        flaws,
      }),
    );
  }
  return { owner, faker, users, firms, accounts, files, historyFiles };
}

/** One document, a real PDF, prepared `days` (a range) before the epoch. */
async function prepareFile(
  ctx: ServiceContext,
  owner: Owner,
  faker: Faker,
  people: Pick<OwnerSeed, 'users' | 'accounts' | 'firms'>,
  i: number,
  days: { min: number; max: number },
  review: { processKey: string | undefined; kinds: Faker; flaws: Faker },
): Promise<SeedFile> {
  const { users, accounts, firms } = people;
  const notaries = users.filter((u) => u.isNotary);
  const preparers = users.filter((u) => u.role === 'preparer' || u.role === 'admin');
  const account = faker.helpers.arrayElement(accounts);
  const firm = faker.helpers.arrayElement(firms);
  const preparedBy = faker.helpers.arrayElement(preparers);
  const drawn = faker.helpers.weightedArrayElement([
    { weight: 5, value: TEMPLATES[0] },
    { weight: 3, value: TEMPLATES[1] },
    { weight: 2, value: TEMPLATES[2] },
  ]);
  const { processKey, kinds, flaws } = review;
  const primary = templateFor(processKey, drawn, i);
  const extras = faker.helpers.arrayElements(TEMPLATES.slice(3), { min: 0, max: 2 });
  const id = demoId(owner, 'file', i);
  const preparedOn = daysAgo(faker.number.float({ ...days, fractionDigits: 3 }));
  const matterReference = `MR-2026-${owner === 'acme' ? '' : 'G'}${String(i + 1001).padStart(6, '0')}`;
  const signer = users.find((u) => u.id === account.signer);
  const notary = faker.helpers.arrayElement(notaries);
  const title = primary?.displayName ?? 'Affidavit';
  const signerName = signer?.displayName ?? 'Account Holder';
  const notaryName = primary?.notaryRequired ? notary.displayName : undefined;
  const drawnState = faker.helpers.arrayElement(STATES);
  // Notarized where the notary is commissioned: the venue's state is the seal's.
  const state = notaryName ? notaryState(notary) : drawnState;
  const seal = notaryName && notary.images ? ctx.blobs.get(notary.images.seal) : null;
  const notarySeal = seal ?? undefined;
  const pages = faker.number.int({ min: 2, max: 4 });
  const agentName = /attorney/i.test(title) ? kinds.person.fullName() : undefined;
  // What is wrong with a QC document, drawn on its page; a signature request's is clean.
  const checklist = DEMO_PROCESSES[owner].find((p) => p.key === processKey)?.checklist;
  const defects = checklist
    ? drawDefects(flaws, {
        checklist,
        firmIndex: firms.indexOf(firm),
        notaryIndex: notaries.indexOf(notary),
        notarized: notaryName !== undefined,
      })
    : [];
  // Read only for the document stamped with it, not for every one.
  const other = defects.includes('other-seal')
    ? notaries.find((n) => n.id !== notary.id && n.images)?.images
    : undefined;
  const otherNotarySeal = (other && ctx.blobs.get(other.seal)) ?? undefined;
  // A wet-ink review's document is the scan of what was signed on paper.
  const { bytes, layout } =
    processKey === 'wet-ink'
      ? await renderScan({
          ...{ matterReference, signerName, title, notaryName, notarySeal, state, agentName },
          ...{ defects, otherNotarySeal },
        })
      : await renderDocument({
          ...{ matterReference, title, crid: account.crid, firmName: firm.name },
          ...{ preparedBy: preparedBy.displayName, preparedOn, signerName, notaryName, notarySeal },
          ...{ agentName, state, pages, seed: i, defects, otherNotarySeal },
          // A QC document was signed through the service, which sealed it on completion.
          ...{ sealedBy: ctx.keys.sealing, sealed: processKey !== undefined },
        });
  const blobKey = `files/${id}.pdf`;
  ctx.blobs.put(blobKey, bytes);
  if (processKey === 'wet-ink') queueScan(ctx, blobKey, i);
  keepLayout(ctx, id, layout);
  return {
    id,
    accountId: account.id,
    matterId: account.matterId,
    crid: account.crid,
    filename: primary?.filename ?? 'document.pdf',
    size: bytes.byteLength,
    blobKey,
    matterReference,
    preparedBy: preparedBy.displayName,
    preparedById: preparedBy.id,
    preparedOn,
    firmId: firm.id,
    signerId: account.signer,
    notaryId: notary.id,
    ...(processKey && { processKey }),
    defects,
    layout,
    templates: [primary, ...extras]
      .filter((t) => t !== undefined)
      .map((t, n) => ({ id: demoId(id, 'template', n), ...t })),
  };
}

/** The state a notary is commissioned in, the same on every document and their seal. */
const notaryState = (notary: SeedUser) =>
  STATES[hash(`state:${notary.id}`) % STATES.length] ?? 'Texas';

/**
 * The document a process reviews: an affidavit under the affidavit reviews, a power of
 * attorney under the power of attorney review; any of them otherwise (a scan, a signature
 * request's document, the general review). The drawn template stands where it fits.
 */
function templateFor(
  processKey: string | undefined,
  drawn: CatalogTemplate | undefined,
  i: number,
) {
  const affidavits = TEMPLATES.filter((t) => /affidavit/i.test(t.displayName));
  if (processKey === 'poa') return TEMPLATES.find((t) => /power of attorney/i.test(t.displayName));
  if (processKey !== 'affidavit' && processKey !== 'legacy') return drawn;
  return drawn && affidavits.includes(drawn)
    ? drawn
    : affidavits[hash(`template:${i}`) % affidavits.length];
}

function insertOwner(ctx: ServiceContext, seed: OwnerSeed): void {
  const { db } = ctx;
  const { owner, faker, users } = seed;
  const size = SIZES[owner];
  db.prepare('INSERT OR IGNORE INTO owners (id, name) VALUES (?, ?)').run(
    owner,
    OWNER_NAMES[owner],
  );

  const insertUser = db.prepare(
    'INSERT INTO users (id, owner, display_name, email, job_title, phone_number, is_notary, deactivated_on, created_on, signature_image_key, notary_seal_image_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const u of users) {
    insertUser.run(
      u.id,
      owner,
      u.displayName,
      u.email,
      u.jobTitle,
      u.phoneNumber,
      u.isNotary ? 1 : 0,
      u.deactivatedOn,
      u.createdOn,
      u.images?.signature ?? null,
      u.images?.seal ?? null,
    );
  }
  const insertClient = db.prepare(
    'INSERT INTO clients (id, owner, secret_hash, user_id, perms, scopes) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const hasClient = db.prepare('SELECT 1 FROM clients WHERE id = ?');
  for (const c of DEMO_CLIENTS.filter((client) => client.owner === owner)) {
    // Kept across a sandbox reset (and not re-hashed: scrypt is slow on purpose).
    if (hasClient.get(c.clientId)) continue;
    const userId = c.user ? demoId(owner, 'user', c.user) : null;
    insertClient.run(
      c.clientId,
      owner,
      hashSecret(c.clientSecret),
      userId,
      JSON.stringify(c.perms),
      JSON.stringify(c.scopes),
    );
  }

  const insertFirm = db.prepare(
    'INSERT INTO firms (id, owner, firm_code, name, metadata, created_on) VALUES (?, ?, ?, ?, ?, ?)',
  );
  seed.firms.forEach((f, i) => {
    const metadata = {
      region: faker.location.state({ abbreviated: true }),
      tier: faker.helpers.arrayElement(['gold', 'silver', 'bronze']),
    };
    insertFirm.run(
      f.id,
      owner,
      `F${String(i + 1).padStart(3, '0')}`,
      f.name,
      JSON.stringify(metadata),
      daysAgo(600 - i),
    );
  });
  const insertCreditor = db.prepare(
    'INSERT INTO creditors (id, owner, creditor_code, name, created_on) VALUES (?, ?, ?, ?, ?)',
  );
  for (let i = 0; i < size.creditors; i += 1) {
    insertCreditor.run(
      demoId(owner, 'creditor', i),
      owner,
      `C${String(i + 1).padStart(3, '0')}`,
      `${faker.company.name()} ${faker.helpers.arrayElement(['Bank', 'Financial', 'Credit Union', 'Capital'])}`,
      daysAgo(700 - i),
    );
  }

  insertAccounts(ctx, seed);
  const insertFile = db.prepare(
    'INSERT INTO files (id, owner, account_id, filename, size, blob_key, matter_reference, prepared_by, prepared_on, firm_id, templates, created_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertFileRequest = db.prepare(
    'INSERT INTO file_requests (id, owner, file_id, account_id, status, created_on) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const f of [...seed.files, ...seed.historyFiles]) {
    insertFile.run(
      f.id,
      owner,
      f.accountId,
      f.filename,
      f.size,
      f.blobKey,
      f.matterReference,
      f.preparedBy,
      f.preparedOn,
      f.firmId,
      JSON.stringify(f.templates),
      f.preparedOn,
    );
    insertFileRequest.run(
      demoId(f.id, 'file-request'),
      owner,
      f.id,
      f.accountId,
      'completed',
      f.preparedOn,
    );
  }

  const checklists = insertChecklists(ctx, owner);
  insertQcRequests(ctx, seed, checklists, seed.files.slice(0, size.qcRequests), seed.historyFiles);
  insertSignatures(ctx, seed, seed.files.slice(size.qcRequests), size.transactions);
  insertRedactions(ctx, seed);
}
