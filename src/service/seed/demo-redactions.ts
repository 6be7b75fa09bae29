import { base, en, en_US, Faker } from '@faker-js/faker';
import type { ServiceContext } from '../context.ts';
import { demoId } from './ids.ts';
import type { OwnerSeed } from './seed-types.ts';

// Where the seeded documents (documents.ts) print things worth hiding, in PDF points from the
// page's bottom-left: the account number of every footer ("Account CR-000123" at x 72, y 42,
// Helvetica 8.5; the number starts about 33 points in), and the body's lines (x 98 to 540,
// between y 90 and 690). Every seeded document has at least two pages but a wet-ink scan.
const FOOTER_ACCOUNT = { x: 104, y: 39, width: 46, height: 11 };
const BODY_REASONS = ['SSN', 'Date of birth', 'Home address', 'Phone number', 'Bank account'];

/**
 * Redactions on about a third of the owner's current documents (the QC queue's and the
 * signature requests'), one to three each, marked by the preparer minutes after preparing.
 * A faker of their own keeps every other area's records as they were.
 */
export function insertRedactions(ctx: ServiceContext, seed: OwnerSeed): void {
  const { owner } = seed;
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(owner === 'acme' ? 20_2001 : 20_2002);
  const insert = ctx.db.prepare(
    `INSERT INTO redactions (id, owner, file_id, page, x, y, width, height, reason, created_by, created_on)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const file of seed.files) {
    if (!faker.datatype.boolean({ probability: 0.35 })) continue;
    const count = faker.number.int({ min: 1, max: 3 });
    let at = Date.parse(file.preparedOn);
    for (let n = 0; n < count; n += 1) {
      // Seconds apart, so the order of one file's regions is the order they were drawn in.
      at += faker.number.int({ min: 20, max: 600 }) * 1000;
      // A one-page scan has no page 2: its redaction stays on the page it has.
      const page = Math.min(faker.number.int({ min: 1, max: 2 }), file.layout.pages);
      const region =
        n === 0 && faker.datatype.boolean({ probability: 0.6 })
          ? { ...FOOTER_ACCOUNT, reason: 'Account number' }
          : {
              x: faker.number.int({ min: 98, max: 380 }),
              // Over body text: lines are 17.5 points apart; the box is a little taller than type.
              y: 90 + faker.number.int({ min: 0, max: 34 }) * 17.5 - 3,
              width: faker.number.int({ min: 48, max: 160 }),
              height: 15,
              reason: faker.helpers.arrayElement(BODY_REASONS),
            };
      insert.run(
        demoId(file.id, 'redaction', n),
        owner,
        file.id,
        page,
        region.x,
        region.y,
        region.width,
        region.height,
        region.reason,
        file.preparedById,
        new Date(at).toISOString(),
      );
    }
  }
}
