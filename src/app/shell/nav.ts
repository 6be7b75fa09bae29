// The areas of the console, in the order of the navigation, each shown to those whose
// session has one of its permissions (none listed: everyone signed in).
export interface Area {
  to: string;
  label: string;
  group: 'Review' | 'Signing' | 'Records' | 'Admin';
  anyOf: readonly string[];
  /** Served by the gateway's team layer, which grants only named permissions (`grants`). */
  team?: boolean;
  /** For a person: a session without a user (a machine client) has nothing here. */
  person?: boolean;
  summary: string;
}

export const AREAS = [
  {
    to: '/qc',
    label: 'QC queue',
    group: 'Review',
    anyOf: ['qc.review', 'qc.manage'],
    summary: 'Signed documents waiting for quality control.',
  },
  {
    to: '/qc/processes',
    label: 'QC processes',
    group: 'Review',
    anyOf: ['qc.manage'],
    summary: 'Rename, re-point and archive QC processes.',
  },
  {
    to: '/qc/team',
    label: 'QC team',
    group: 'Review',
    anyOf: ['qc.manage'],
    team: true,
    summary: 'Throughput, queue ages, defects and calibration.',
  },
  {
    to: '/signatures',
    label: 'Signature requests',
    group: 'Signing',
    anyOf: ['signatures.write'],
    summary: 'Requests to sign, and wet-ink scans.',
  },
  {
    to: '/signatures/transactions',
    label: 'Transactions',
    group: 'Signing',
    anyOf: ['signatures.write'],
    summary: 'Signing sessions you are party to.',
  },
  // After the signing areas, so a notary still starts on signatures (router.tsx `home`); the
  // navigation shows them in the Review group wherever that group comes.
  {
    to: '/findings',
    label: 'My findings',
    group: 'Review',
    anyOf: [],
    person: true,
    summary: 'What QC found in documents you are responsible for.',
  },
  {
    to: '/findings/all',
    label: 'Findings',
    group: 'Review',
    anyOf: ['qc.manage'],
    team: true,
    summary: 'Every finding of the team: answers, disputes to settle, who is responsible.',
  },
  {
    to: '/accounts',
    label: 'Accounts',
    group: 'Records',
    anyOf: ['accounts.write'],
    summary: 'Accounts and the people on them.',
  },
  {
    to: '/firms',
    label: 'Firms',
    group: 'Records',
    anyOf: [],
    summary: 'Firms servicing your accounts.',
  },
  {
    to: '/users',
    label: 'Users',
    group: 'Admin',
    anyOf: ['users.manage'],
    summary: 'People, their signatures and seals.',
  },
  {
    to: '/events',
    label: 'Events',
    group: 'Admin',
    anyOf: [],
    summary: 'Webhook deliveries received for your organization.',
  },
] as const satisfies readonly Area[];

/** The path of a known area: a typo is a type error, not a guard that lets everyone in. */
export type AreaPath = (typeof AREAS)[number]['to'];

export function areaFor(path: AreaPath): Area {
  const area = AREAS.find((candidate) => candidate.to === path);
  // Unreachable while AreaPath is derived from AREAS.
  if (!area) throw new Error(`no area ${path}`);
  return area;
}
