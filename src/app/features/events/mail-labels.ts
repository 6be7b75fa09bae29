import type { Mail, MailKind, MailList, MailState } from '../../../contract/mail.ts';
import type { BadgeTone } from '../../ui/badge.tsx';

// How an e-mail the console sent about findings (ADR 040) reads on the events screen: what
// it was for, where it stands, and how often the list looks again.

const KIND_LABELS: Record<MailKind, string> = {
  raised: 'Finding raised',
  assigned: 'Handed over',
  reminder: 'Reminder: due tomorrow',
  'due-today': 'Due today',
  escalation: 'Escalation: overdue',
  dispute: 'Dispute to settle',
  digest: 'Daily digest',
  report: 'Monthly QC report',
};

export const mailKindLabel = (kind: MailKind): string => KIND_LABELS[kind];

const STATES: Record<MailState, { label: string; tone: BadgeTone }> = {
  held: { label: 'Held for digest', tone: 'accent' },
  pending: { label: 'Pending', tone: 'warning' },
  retrying: { label: 'Retrying', tone: 'warning' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  digested: { label: 'In a digest', tone: 'neutral' },
};

export const mailState = (state: MailState) => STATES[state];

/** Only what went, or gave up, may go again: what still waits goes by itself (409). */
export const mayResend = (mail: Pick<Mail, 'state'>): boolean =>
  mail.state === 'sent' || mail.state === 'failed';

/** An e-mail about to go out changes within a second; one waiting to retry, within minutes. */
const PENDING_POLL_MS = 1000;
const RETRYING_POLL_MS = 5000;
/** New e-mails come with finding changes made anywhere and the gateway's scans. */
const IDLE_POLL_MS = 30_000;

/** How soon the list is asked for again, by the most restless e-mail on it. */
export function mailPoll(list: MailList | undefined): number {
  const mails = list?.mails ?? [];
  if (mails.some((m) => m.state === 'pending')) return PENDING_POLL_MS;
  if (mails.some((m) => m.state === 'retrying')) return RETRYING_POLL_MS;
  return IDLE_POLL_MS;
}
