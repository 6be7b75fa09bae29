import type { CheckResult, CheckSummary } from '../../contract/checks.ts';
import type { Feed } from '../events/event-log.ts';
import type { SessionRecord } from '../session/sessions.ts';

// What the rest of the gateway asks of the machine's checks (checker.ts), named apart from it
// so that the context can hold one without importing the checker, which reads through the
// context: no import circle, even of types.

export interface Checker {
  summaries(feed: Feed, ids: readonly string[]): Promise<Map<string, CheckSummary>>;
  result(feed: Feed, id: string): Promise<CheckResult | undefined>;
  results(feed: Feed, ids: readonly string[]): Promise<Map<string, CheckResult>>;
  /** Queues `ids` for checking with `session`, the reader of its owner's requests. */
  want(session: SessionRecord, ids: readonly string[], opened?: boolean): Promise<void>;
  /** A webhook from the owner's service: its newest pending requests are queued. */
  noticeOwner(feed: Feed): Promise<void>;
  /** A session ended: it reads nothing more. */
  forget(session: SessionRecord): void;
  start(): void;
  stop(): Promise<void>;
}
