import type { Finding } from '../../contract/findings.ts';
import type { MailKind } from '../../contract/mail.ts';

// What a findings e-mail says (ADR 040), in a plain-text part and an HTML part alike: the
// document (its matter reference and process), the check, the severity, the due date and a
// link to the finding's page. Nothing else of the request goes: no token, secret, SSN or
// document URL; the page behind the link asks the reader to sign in.

export interface Composed {
  subject: string;
  text: string;
  html: string;
  /** Files sent with it: the monthly report's PDF. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** A date as people read it in an e-mail, in UTC (the gateway's business days are UTC's). */
export const mailDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The e-mails of findings (the monthly report's is report-mail.ts's). */
export type FindingMailKind = Exclude<MailKind, 'report'>;

const SEVERITY = { critical: 'Critical', major: 'Major', minor: 'Minor' } as const;

/** The line that says why this e-mail came, by kind. */
function lead(kind: FindingMailKind, finding: Finding, overdueDays: number): string {
  const due = mailDate(finding.dueOn);
  switch (kind) {
    case 'raised':
      return `A QC reviewer raised a finding for you to answer by ${due}.`;
    case 'assigned':
      return `A QC manager handed you a finding to answer by ${due}.`;
    case 'reminder':
      return `A finding of yours is due tomorrow, ${due}.`;
    case 'due-today':
      return `A finding of yours is due today, ${due}.`;
    case 'escalation':
      return `A finding is overdue by ${overdueDays} business day${overdueDays === 1 ? '' : 's'} (it was due ${due}): ${finding.responsible?.name ?? 'its party responsible'} has not answered it.`;
    case 'dispute':
      return 'A finding is disputed and waits for a QC manager to settle it.';
    case 'digest':
      return 'Your findings today.';
  }
}

export function subjectOf(kind: FindingMailKind, finding: Finding): string {
  const what = `${finding.itemName}, ${finding.matterReference}`;
  switch (kind) {
    case 'raised':
    case 'assigned':
      return `Finding to answer: ${what}`;
    case 'reminder':
      return `Due tomorrow: ${what}`;
    case 'due-today':
      return `Due today: ${what}`;
    case 'escalation':
      return `Overdue finding: ${what}`;
    case 'dispute':
      return `Dispute to settle: ${what}`;
    case 'digest':
      return `Findings: ${what}`;
  }
}

/** The finding's facts, as label and value. */
function facts(finding: Finding): [string, string][] {
  return [
    ['Document', `${finding.matterReference} (${finding.processName})`],
    ['Check', finding.itemName],
    ['Severity', SEVERITY[finding.severity]],
    ['Due', mailDate(finding.dueOn)],
    ...(finding.note ? ([['Reviewer’s note', finding.note]] as [string, string][]) : []),
  ];
}

const linkOf = (base: string, finding: Finding) =>
  `${base.replace(/\/+$/, '')}/findings/${encodeURIComponent(finding.id)}`;

function textBlock(finding: Finding, base: string): string {
  const lines = facts(finding).map(([label, value]) => `${label}: ${value}`);
  return `${lines.join('\n')}\nOpen it: ${linkOf(base, finding)}`;
}

function htmlBlock(finding: Finding, base: string): string {
  const rows = facts(finding)
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:2px 12px 2px 0;color:#555;font-weight:normal">${escapeHtml(label)}</th><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const link = escapeHtml(linkOf(base, finding));
  return `<table role="presentation" style="border-collapse:collapse;margin:8px 0">${rows}</table><p><a href="${link}">Open the finding</a></p>`;
}

const FOOTER_TEXT =
  'You get this e-mail from Attest QC. Choose how often in your profile: each finding at once, a daily digest, or none.';

function html(body: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:14px;color:#111">${body}<p style="color:#666;font-size:12px">${escapeHtml(FOOTER_TEXT)}</p></body></html>`;
}

/** One finding's e-mail to `to`. `overdueDays`: for an escalation. */
export function composeFindingMail(
  kind: Exclude<FindingMailKind, 'digest'>,
  finding: Finding,
  to: string,
  base: string,
  overdueDays = 0,
): Composed {
  const hello = `Hello ${to},`;
  const why = lead(kind, finding, overdueDays);
  return {
    subject: subjectOf(kind, finding),
    text: `${hello}\n\n${why}\n\n${textBlock(finding, base)}\n\n${FOOTER_TEXT}\n`,
    html: html(`<p>${escapeHtml(hello)}</p><p>${escapeHtml(why)}</p>${htmlBlock(finding, base)}`),
  };
}

/** A person's held e-mails as one: each one's reason and its finding. */
export function composeDigest(
  to: string,
  items: { subject: string; finding: Finding; kind: FindingMailKind }[],
  base: string,
): Composed {
  const hello = `Hello ${to},`;
  const count = `${items.length} finding e-mail${items.length === 1 ? '' : 's'} since your last digest:`;
  const text = items
    .map(
      (item) =>
        `* ${item.subject}\n  ${lead(item.kind, item.finding, 0)}\n${textBlock(item.finding, base).replace(/^/gm, '  ')}`,
    )
    .join('\n\n');
  const htmlItems = items
    .map(
      (item) =>
        `<h3 style="font-size:15px;margin:16px 0 4px">${escapeHtml(item.subject)}</h3><p style="margin:0">${escapeHtml(lead(item.kind, item.finding, 0))}</p>${htmlBlock(item.finding, base)}`,
    )
    .join('');
  return {
    subject: digestSubject(items.length),
    text: `${hello}\n\n${count}\n\n${text}\n\n${FOOTER_TEXT}\n`,
    html: html(`<p>${escapeHtml(hello)}</p><p>${escapeHtml(count)}</p>${htmlItems}`),
  };
}

export const digestSubject = (count: number) =>
  `Your findings digest: ${count} item${count === 1 ? '' : 's'}`;
