import { expect } from 'vitest';
import {
  FindingListSchema,
  FindingSchema,
  MARKS_HEADER,
  type DecisionMarks,
  type Finding,
} from '../../contract/findings.ts';
import { QcRequestSchema, type QcRequest } from '../../contract/qc.ts';
import { SessionSchema } from '../../contract/session.ts';
import { encodeMarksHeader } from '../../shared/marks-header.ts';
import type { Browser, Result } from './harness.ts';

// The findings tests' habits (ADR 029): decisions sent as the console sends them, marks in
// the Attest-Marks header, and findings read back.

export async function readRequest(browser: Browser, id: string): Promise<QcRequest> {
  const read = await browser.request('GET', `/api/qc/v2/qc/requests/${id}`);
  return QcRequestSchema.parse(read.body);
}

export async function userIdOf(browser: Browser): Promise<string> {
  const session = SessionSchema.parse((await browser.request('GET', '/session')).body);
  return session.user?.id ?? '';
}

export interface Decide {
  status?: 'approved' | 'rejected';
  /** How many of the request's items fail (from the first); the rest pass. */
  failing?: number;
  /** Sent as the header's value: marks are encoded as the console does. */
  marks?: DecisionMarks | string;
}

/** Decides `request` through the gateway's proxy, as the console's PATCH does. */
export async function decide(
  browser: Browser,
  request: QcRequest,
  { status = 'rejected', failing = 1, marks }: Decide = {},
): Promise<Result> {
  const failed = status === 'rejected' ? failing : 0;
  return browser.request('PATCH', `/api/qc/v2/qc/requests/${request.id}`, {
    json: {
      status,
      reviewedBy: await userIdOf(browser),
      checklistItems: request.checklistItems.map((item, i) =>
        i < failed
          ? { id: item.id, status: 'rejected', reviewerNote: `${item.displayName}: p. 1` }
          : { id: item.id, status: 'approved' },
      ),
      ...(status === 'rejected' && { notes: 'Please correct and resend.' }),
    },
    ...(marks !== undefined && {
      headers: { [MARKS_HEADER]: typeof marks === 'string' ? marks : encodeMarksHeader(marks) },
    }),
  });
}

/** The findings `browser` sees of one request. */
export async function findingsOf(browser: Browser, requestId: string): Promise<Finding[]> {
  const listed = await browser.request('GET', `/team/findings?requestId=${requestId}&view=all`);
  expect(listed.status, listed.text).toBe(200);
  return FindingListSchema.parse(listed.body).findings;
}

export async function readFinding(browser: Browser, id: string): Promise<Finding> {
  const read = await browser.request('GET', `/team/findings/${id}`);
  expect(read.status, read.text).toBe(200);
  return FindingSchema.parse(read.body);
}
