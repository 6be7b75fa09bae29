import { createTransport } from 'nodemailer';
import type { FindingChange, Finding } from '../../contract/findings.ts';
import type { MailChoice, MailPreference } from '../../contract/mail.ts';
import type { TeamMember } from '../../contract/member.ts';
import type { Sql } from '../db/sql.ts';
import type { Feed } from '../events/event-log.ts';
import {
  composeDigest,
  composeFindingMail,
  digestSubject,
  subjectOf,
  type Composed,
  type FindingMailKind,
} from './compose.ts';
import type { Directory } from './directory.ts';
import { dueMails, isDigestTime, isFirstBusinessDay, utcDay } from './schedule.ts';
import { lastMonth } from '../report/period.ts';
import {
  createMailStore,
  DEFAULT_MAIL_RETRY_BASE_MS,
  type LeasedMail,
  type MailContent,
  type MailStore,
  type NewMail,
  type Person,
} from './store.ts';

// Findings by e-mail (ADR 040): what the gateway mails through ATTEST_SMTP_URL and when. A
// change of a finding keeps its e-mails in the transaction that made it (raised or handed to
// someone: the person; disputed: the QC managers who may settle it); a scan at start and
// every few minutes keeps the reminders, the due-today e-mails, the escalations and the
// digests. A loop sends what is kept, one process per e-mail, retrying with longer waits;
// nothing of it ever holds up a decision.

export interface MailSettings {
  /** smtp:// or smtps://, with user and password when the server asks for them. */
  smtpUrl: string | undefined;
  /** The From header: `Attest QC <qc@example.com>`. */
  from: string;
  /** The console's address, for the links to a finding's page; the gateway's own when unset. */
  linkBase?: string;
  /** How often the scan looks for what is due (reminders, escalations, digests). */
  scanMs?: number;
  /** The first retry's wait; later ones are multiples of it. */
  retryBaseMs?: number;
  /** How often the sender looks for e-mails another process kept. */
  pollMs?: number;
}

export const DEFAULT_SCAN_MS = 5 * 60_000;
const DEFAULT_POLL_MS = 5_000;
const BATCH = 8;
/** Held by a process past any send's timeouts: another takes it only once surely done. */
const LEASE_MS = 120_000;
/** A person's or the owner's QC managers: only users, never a machine client. */
const isUser = (id: string | undefined): id is string => !!id && !id.startsWith('client:');

export type Mailer = ReturnType<typeof createMailer>;

export function createMailer(
  sql: Sql,
  settings: MailSettings,
  deps: {
    now: () => number;
    log: (message: string, detail?: unknown) => void;
    /** Reads the addresses of people who never signed in (directory.ts). */
    directory: (store: MailStore) => Directory;
    escalationDays: (feed: Feed, processName: string) => Promise<number>;
    /** Last month's QC report for an owner, as an e-mail with its PDF (report-mail.ts). */
    monthlyReport?: (
      feed: Feed,
      period: string,
      directory: Directory,
      base: string,
    ) => Promise<Composed | undefined>;
    /** Who gets it, by owner. */
    reportRecipients?: () => Promise<{ feed: Feed; recipients: string[] }[]>;
    /** The gateway's own address, once it listens: links when no linkBase is set. */
    ownUrl: () => string;
  },
) {
  const { now, log } = deps;
  const configured = settings.smtpUrl !== undefined;
  const base = () => settings.linkBase ?? deps.ownUrl();
  const store = createMailStore(sql, settings.retryBaseMs ?? DEFAULT_MAIL_RETRY_BASE_MS, now);
  const directory = deps.directory(store);
  const transport =
    settings.smtpUrl === undefined
      ? undefined
      : createTransport({
          url: settings.smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        });
  let timer: NodeJS.Timeout | undefined;
  let scanTimer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  /** Keeps one finding's e-mail to `to`, as they chose (each, digest, none). */
  async function keep(
    feed: Feed,
    kind: Exclude<FindingMailKind, 'digest'>,
    finding: Finding,
    to: TeamMember,
    dedupe: string,
    tx: Sql,
    overdueDays = 0,
  ): Promise<void> {
    const person = await store.person(feed, to.id);
    const choice: MailChoice = person?.choice ?? 'each';
    // Escalations go whatever a manager chose: somebody must hear of an overdue finding.
    if (choice === 'none' && kind !== 'escalation') return;
    const mail: NewMail = {
      kind,
      findingId: finding.id,
      to: { id: to.id, name: person?.name ?? to.name },
      subject: subjectOf(kind, finding),
      content: { finding, ...(overdueDays > 0 && { overdueDays }) },
      dedupe,
      held: choice === 'digest' && kind !== 'escalation',
    };
    if (await store.add(feed, mail, tx)) kickSoon();
  }

  async function findingChanged(feed: Feed, change: FindingChange, tx: Sql): Promise<void> {
    if (!configured) return;
    const { finding } = change;
    const responsible = finding.responsible;
    const who =
      responsible && isUser(responsible.id)
        ? { id: responsible.id, name: responsible.name ?? responsible.id }
        : undefined;
    if (change.kind === 'raised' && who) {
      await keep(feed, 'raised', finding, who, `raised:${finding.id}`, tx);
    }
    if (change.kind === 'reassigned' && who) {
      const step = finding.steps.length;
      await keep(feed, 'assigned', finding, who, `assigned:${finding.id}:${step}:${who.id}`, tx);
    }
    if (change.kind === 'answered' && finding.state === 'disputed') {
      const answer = finding.steps.findLast((s) => s.kind === 'answered');
      // Four eyes: those who raised it or recorded the answer cannot settle it.
      const barred = new Set([finding.raisedBy.id, answer?.by.id]);
      const step = finding.steps.length;
      for (const manager of await store.managers(feed)) {
        if (barred.has(manager.id)) continue;
        await keep(
          feed,
          'dispute',
          finding,
          manager,
          `dispute:${finding.id}:${step}:${manager.id}`,
          tx,
        );
      }
    }
  }

  /** Keeps the reminders, due-today e-mails and escalations due now, and the digests. */
  async function scan(): Promise<void> {
    if (!configured) return;
    const at = now();
    const rows = await sql.all<{ environment: string; owner: string; record: string }>(
      `SELECT environment, owner, record FROM qc_findings
       WHERE state = 'open' AND responsible_id IS NOT NULL AND due_at < ?
       ORDER BY due_at LIMIT 5000`,
      [at + 4 * 86_400_000],
    );
    // Read once a scan, not once a finding: the same few processes and managers repeat.
    const once = <T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>) => {
      const known = cache.get(key) ?? read();
      cache.set(key, known);
      return known;
    };
    const escalations = new Map<string, Promise<number>>();
    const managersOf = new Map<string, Promise<Person[]>>();
    for (const row of rows) {
      const feed = { environment: row.environment, owner: row.owner } as Feed;
      const finding = JSON.parse(row.record) as Finding;
      const responsible = finding.responsible;
      if (!responsible || !isUser(responsible.id)) continue;
      const who = { id: responsible.id, name: responsible.name ?? responsible.id };
      const escalateAfter = await once(
        escalations,
        `${row.environment}|${row.owner}|${finding.processName}`,
        () => deps.escalationDays(feed, finding.processName),
      );
      for (const due of dueMails(finding, at, escalateAfter)) {
        if (due.kind === 'escalation') {
          const managers = once(managersOf, `${row.environment}|${row.owner}`, () =>
            store.managers(feed),
          );
          for (const manager of await managers) {
            await keep(
              feed,
              'escalation',
              finding,
              manager,
              `escalation:${finding.id}:${finding.dueOn}:${manager.id}`,
              sql,
              due.overdueDays,
            );
          }
        } else {
          await keep(
            feed,
            due.kind,
            finding,
            who,
            `${due.kind}:${finding.id}:${finding.dueOn}`,
            sql,
          );
        }
      }
    }
    if (isDigestTime(at)) await digests(at);
    if (isDigestTime(at) && isFirstBusinessDay(at)) await monthlyReports(at);
    await store.prune();
  }

  /** Each person's held e-mails as one digest, once a day. */
  async function digests(at: number): Promise<void> {
    const groups = new Map<string, { feed: Feed; to: TeamMember; rows: typeof held }>();
    const held = await store.held();
    for (const row of held) {
      const key = `${row.environment}|${row.owner}|${row.to_id}`;
      const group = groups.get(key) ?? {
        feed: { environment: row.environment, owner: row.owner } as Feed,
        to: { id: row.to_id, name: row.to_name },
        rows: [],
      };
      group.rows.push(row);
      groups.set(key, group);
    }
    for (const { feed, to, rows } of groups.values()) {
      const items = rows.flatMap((row) => {
        const { finding } = JSON.parse(row.content) as MailContent;
        return finding
          ? [
              {
                subject: row.subject,
                finding,
                kind: row.kind as Exclude<FindingMailKind, 'digest'>,
              },
            ]
          : [];
      });
      if (items.length === 0) continue;
      await sql.transaction(async (tx) => {
        const added = await store.add(
          feed,
          {
            kind: 'digest',
            findingId: null,
            to,
            subject: digestSubject(items.length),
            content: { items },
            dedupe: `digest:${to.id}:${utcDay(at)}`,
          },
          tx,
        );
        if (added)
          await store.digested(
            rows.map((row) => row.id),
            tx,
          );
      });
    }
    kickSoon();
  }

  /** The e-mail's words for `name`, from what was kept. */
  async function compose(mail: LeasedMail, name: string): Promise<Composed | undefined> {
    const content = JSON.parse(mail.content) as MailContent;
    if (mail.kind === 'digest') return composeDigest(name, content.items ?? [], base());
    if (mail.kind === 'report') {
      const feed = { environment: mail.environment, owner: mail.owner } as Feed;
      if (!content.period) return undefined;
      return deps.monthlyReport?.(feed, content.period, directory, base());
    }
    if (!content.finding) return undefined;
    const kind = mail.kind as Exclude<FindingMailKind, 'digest'>;
    return composeFindingMail(kind, content.finding, name, base(), content.overdueDays);
  }

  /** Last month's report to each owner's recipients, once a month (ADR 041). */
  async function monthlyReports(at: number): Promise<void> {
    const period = lastMonth(at);
    for (const { feed, recipients } of (await deps.reportRecipients?.()) ?? []) {
      for (const address of recipients) {
        const mail: NewMail = {
          kind: 'report',
          findingId: null,
          to: { id: `address:${address}`, name: address },
          address,
          subject: `QC report ${period}: ${feed.owner}`,
          content: { period },
          dedupe: `report:${period}:${address}`,
        };
        if (await store.add(feed, mail)) kickSoon();
      }
    }
  }

  async function send(mail: LeasedMail): Promise<void> {
    const feed = { environment: mail.environment, owner: mail.owner } as Feed;
    const to = mail.address
      ? { address: mail.address, name: mail.to_name }
      : await directory.lookup(feed, mail.to_id);
    const composed = to ? await compose(mail, to.name) : undefined;
    if (!to || !transport || !composed) {
      const error = to ? 'nothing to say' : `no e-mail address is known for ${mail.to_name}`;
      await store.record(mail, { sent: false, address: null, error });
      return;
    }
    try {
      await transport.sendMail({
        from: settings.from,
        to: { name: to.name, address: to.address },
        subject: composed.subject,
        text: composed.text,
        html: composed.html,
        // The same id on every attempt: a server that took one already may drop the repeat.
        messageId: `<${mail.id}@attest.invalid>`,
        headers: { 'Auto-Submitted': 'auto-generated' },
        ...(composed.attachments && { attachments: composed.attachments }),
      });
      await store.record(mail, { sent: true, address: to.address }, to.name);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const outcome = { sent: false as const, address: to.address, error: text };
      const state = await store.record(mail, outcome, to.name);
      if (state === 'failed') log(`mail ${mail.id} to ${to.name} failed: ${text}`);
    }
  }

  /** Sends what is due now (that no other process holds); answers how many were tried. */
  async function tick(): Promise<number> {
    if (!configured) return 0;
    let count = 0;
    while (!closed) {
      const batch = await store.lease(BATCH, LEASE_MS);
      if (batch.length === 0) break;
      await Promise.all(
        batch.map((mail) =>
          send(mail).catch((error: unknown) => log(`mail ${mail.id}: not recorded`, error)),
        ),
      );
      count += batch.length;
    }
    return count;
  }

  function kick(): void {
    if (closed || !configured) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = (async () => {
      do {
        again = false;
        await tick().catch((error: unknown) => log('mail: a sending round failed', error));
      } while (again && !closed);
      running = undefined;
      if (!closed) timer = setTimeout(kick, settings.pollMs ?? DEFAULT_POLL_MS).unref();
    })();
  }

  /** After the transaction that kept an e-mail commits. */
  function kickSoon(): void {
    if (configured && !closed) setTimeout(kick, 10).unref();
  }

  function scanNow(): void {
    if (closed || !configured) return;
    void scan()
      .catch((error: unknown) => log('mail: a scan failed', error))
      .finally(() => {
        if (!closed) scanTimer = setTimeout(scanNow, settings.scanMs ?? DEFAULT_SCAN_MS).unref();
      });
  }

  return {
    configured,
    findingChanged,
    scan,
    tick,
    start(): void {
      if (!configured) return;
      kick();
      scanNow();
    },
    async stop(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      clearTimeout(scanTimer);
      await running;
      transport?.close();
    },
    list: store.list,
    async resend(feed: Feed, id: string) {
      const result = await store.resend(feed, id);
      if (result === 'resent') kick();
      return result;
    },
    notePerson: store.notePerson,
    async preference(feed: Feed, who: TeamMember): Promise<MailPreference> {
      const person = await store.person(feed, who.id);
      return { choice: person?.choice ?? 'each', address: person?.email ?? null, configured };
    },
    choose: store.choose,
  };
}
