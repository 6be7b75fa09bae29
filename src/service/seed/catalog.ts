// Fixed reference content of the demo data: checklists, document templates, roles.
import type { Part } from './layout.ts';

export interface CatalogItem {
  key: string;
  group: string;
  displayName: string;
  description: string;
  roleId: string;
  allowNA?: boolean;
}

export interface CatalogChecklist {
  key: string;
  displayName: string;
  description: string;
  /** Versions oldest first; each lists the keys of its items. The last is active. */
  versions: { version: string; daysAgo: number; items: string[] }[];
  items: CatalogItem[];
}

const item = (
  key: string,
  group: string,
  displayName: string,
  description: string,
  roleId = 'reviewer',
  allowNA = false,
): CatalogItem => ({ key, group, displayName, description, roleId, allowNA });

export const CHECKLISTS: CatalogChecklist[] = [
  {
    key: 'affidavit',
    displayName: 'Affidavit QC',
    description: 'Quality control of notarized affidavits before filing.',
    items: [
      item(
        'signer-matches',
        'Identity',
        'Signer matches the affiant',
        'The printed signer name matches the affiant on the account.',
      ),
      item(
        'id-noted',
        'Identity',
        'Identification noted',
        'The acknowledgement records how the signer was identified.',
        'notary',
        true,
      ),
      item(
        'signature-present',
        'Signatures',
        'Signature on every signature line',
        "Each signature line carries the affiant's signature.",
      ),
      item(
        'dates-match',
        'Signatures',
        'Signature date matches notarization',
        'The signing date equals the date of the notarial act.',
      ),
      item(
        'initials',
        'Signatures',
        'Initials where required',
        'Pages that call for initials are initialled.',
        'reviewer',
        true,
      ),
      item(
        'seal-legible',
        'Notarization',
        'Seal legible and complete',
        'The notary seal is fully visible and readable.',
        'notary',
      ),
      item(
        'commission-current',
        'Notarization',
        'Commission current',
        'The notary commission was in force on the signing date.',
        'notary',
      ),
      item(
        'venue',
        'Notarization',
        'Venue completed',
        'State and county of the venue are filled in.',
        'notary',
      ),
      item(
        'matter-reference',
        'Document',
        'Matter reference on every page',
        'The matter reference printed on each page matches the matter.',
      ),
      item(
        'pages-complete',
        'Document',
        'All pages present and in order',
        'Page N of M runs without gaps.',
      ),
      item(
        'no-alterations',
        'Document',
        'No alterations',
        'No strike-outs, white-out or handwritten changes to the text.',
      ),
    ],
    versions: [
      {
        version: '1.0',
        daysAgo: 400,
        items: [
          'signer-matches',
          'signature-present',
          'dates-match',
          'seal-legible',
          'commission-current',
          'venue',
          'matter-reference',
          'pages-complete',
        ],
      },
      {
        version: '2.0',
        daysAgo: 60,
        items: [
          'signer-matches',
          'id-noted',
          'signature-present',
          'dates-match',
          'initials',
          'seal-legible',
          'commission-current',
          'venue',
          'matter-reference',
          'pages-complete',
          'no-alterations',
        ],
      },
    ],
  },
  {
    key: 'wet-ink',
    displayName: 'Wet-ink scan QC',
    description: 'Checks a scanned wet-ink signature packet after signing.',
    items: [
      item('legible', 'Scan', 'Legible at 100%', 'Every page reads clearly without zooming.'),
      item(
        'all-pages',
        'Scan',
        'All pages scanned',
        'The scan holds every page of the packet, in order.',
      ),
      item(
        'ink-signature',
        'Signatures',
        'Wet-ink signature visible',
        'The handwritten signature is visible on the signature page.',
      ),
      item(
        'scan-seal',
        'Signatures',
        'Notary seal visible',
        'The seal is visible where the document was notarized.',
        'notary',
        true,
      ),
      item(
        'scan-reference',
        'Document',
        'Matter reference matches',
        'The matter reference on the scan matches the matter.',
      ),
    ],
    versions: [
      {
        version: '1.0',
        daysAgo: 300,
        items: ['legible', 'all-pages', 'ink-signature', 'scan-seal', 'scan-reference'],
      },
    ],
  },
  {
    key: 'poa',
    displayName: 'Power of attorney QC',
    description: 'Review of powers of attorney granted by account holders.',
    items: [
      item(
        'principal-named',
        'Parties',
        'Principal named in full',
        "The principal's full legal name appears in the grant.",
      ),
      item(
        'agent-named',
        'Parties',
        'Agent named in full',
        "The agent's full legal name appears in the grant.",
      ),
      item('powers-listed', 'Content', 'Powers listed', 'The powers granted are enumerated.'),
      item(
        'durable',
        'Content',
        'Durability clause',
        'The durability clause is present where the matter requires it.',
        'reviewer',
        true,
      ),
      item(
        'poa-signature',
        'Execution',
        'Principal signature',
        'The principal signed and dated the grant.',
      ),
      item(
        'poa-seal',
        'Execution',
        'Notarized',
        'The grant is notarized with a legible seal.',
        'notary',
      ),
    ],
    versions: [
      {
        version: '1.0',
        daysAgo: 200,
        items: [
          'principal-named',
          'agent-named',
          'powers-listed',
          'durable',
          'poa-signature',
          'poa-seal',
        ],
      },
    ],
  },
  {
    key: 'standard',
    displayName: 'Standard document QC',
    description: 'General review of signed documents.',
    items: [
      item('std-signature', 'Execution', 'Signed', 'Every required signature is present.'),
      item('std-date', 'Execution', 'Dated', 'The document is dated.'),
      item(
        'std-seal',
        'Execution',
        'Notarized',
        'Notarization is complete where required.',
        'notary',
        true,
      ),
      item('std-reference', 'Document', 'Reference correct', 'The matter reference is correct.'),
      item('std-pages', 'Document', 'Complete', 'No pages are missing.'),
    ],
    versions: [
      {
        version: '1.0',
        daysAgo: 250,
        items: ['std-signature', 'std-date', 'std-seal', 'std-reference', 'std-pages'],
      },
    ],
  },
];

export interface CatalogTemplate {
  filename: string;
  displayName: string;
  signatureRequired: boolean;
  notaryRequired: boolean;
}

export const TEMPLATES: CatalogTemplate[] = [
  {
    filename: 'affidavit-of-identity.pdf',
    displayName: 'Affidavit of Identity',
    signatureRequired: true,
    notaryRequired: true,
  },
  {
    filename: 'affidavit-of-debt.pdf',
    displayName: 'Affidavit of Debt',
    signatureRequired: true,
    notaryRequired: true,
  },
  {
    filename: 'power-of-attorney.pdf',
    displayName: 'Power of Attorney',
    signatureRequired: true,
    notaryRequired: true,
  },
  {
    filename: 'settlement-agreement.pdf',
    displayName: 'Settlement Agreement',
    signatureRequired: true,
    notaryRequired: false,
  },
  {
    filename: 'validation-notice.pdf',
    displayName: 'Debt Validation Notice',
    signatureRequired: false,
    notaryRequired: false,
  },
];

export const STATES = [
  'Texas',
  'Florida',
  'Ohio',
  'Arizona',
  'Georgia',
  'Illinois',
  'New York',
  'California',
];

/**
 * What on the page each check is about (the parts documents.ts records where it drew): a
 * seeded finding's region is drawn over these.
 */
export const ITEM_PARTS: Record<string, readonly Part[]> = {
  'signer-matches': ['signerName'],
  'id-noted': ['certificate'],
  'signature-present': ['signature'],
  'dates-match': ['signatureDate', 'notaryDate'],
  initials: ['initials'],
  'seal-legible': ['seal'],
  'commission-current': ['commission'],
  venue: ['venue'],
  'matter-reference': ['reference'],
  'pages-complete': ['pageNumber'],
  'no-alterations': ['alteration'],
  legible: ['title'],
  'all-pages': ['pageNumber'],
  'ink-signature': ['signature'],
  'scan-seal': ['seal'],
  'scan-reference': ['reference'],
  'principal-named': ['principal'],
  'agent-named': ['agent'],
  'powers-listed': ['powers'],
  durable: ['durable'],
  'poa-signature': ['signature', 'signatureDate'],
  'poa-seal': ['seal'],
  'std-signature': ['signature'],
  'std-date': ['signatureDate'],
  'std-seal': ['seal'],
  'std-reference': ['reference'],
  'std-pages': ['pageNumber'],
};

/** The catalog key of a check, by the name a checklist shows. */
export const itemKeyByName = (name: string) =>
  CHECKLISTS.flatMap((c) => c.items).find((i) => i.displayName === name)?.key;
