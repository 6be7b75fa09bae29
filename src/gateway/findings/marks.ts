import {
  DecisionMarksSchema,
  MARKS_HEADER_MAX,
  REGIONS_PER_DECISION_MAX,
  severityRank,
  type DecisionMarks,
  type Severity,
} from '../../contract/findings.ts';
import { decodeMarksHeader } from '../../shared/marks-header.ts';

// The reviewer's marks of a decision (ADR 029), as the `Attest-Marks` header carries them:
// read (parseMarks) and checked against the request and its document (checkMarks). Pure: the
// proxy's hook (marks-check.ts) fetches what they are checked against. Each refusal names
// what is wrong, for a 400 `{message}`.

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export function parseMarks(header: string): Parsed<DecisionMarks> {
  const refuse = (message: string) => ({ ok: false, message }) as const;
  if (header.length > MARKS_HEADER_MAX) {
    return refuse(`the Attest-Marks header may be at most ${MARKS_HEADER_MAX} characters`);
  }
  const json = decodeMarksHeader(header);
  if (json === undefined) {
    return refuse('the Attest-Marks header must be base64url (unpadded) of JSON in UTF-8');
  }
  const parsed = DecisionMarksSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    return refuse(`Attest-Marks${where}: ${issue?.message ?? 'not DecisionMarks'}`);
  }
  const marks = parsed.data;
  const regions = marks.items.reduce((sum, item) => sum + item.regions.length, 0);
  if (regions > REGIONS_PER_DECISION_MAX) {
    return refuse(`a decision may mark at most ${REGIONS_PER_DECISION_MAX} regions (${regions})`);
  }
  const ids = new Set(marks.items.map((item) => item.itemId));
  if (ids.size !== marks.items.length) return refuse('Attest-Marks names an item twice');
  return { ok: true, value: marks };
}

/** A page's crop box, as stored (unrotated), in points. */
export interface PageBox {
  width: number;
  height: number;
}

/** What marks are checked against: the request's items, and its document's pages. */
export interface MarkedRequest {
  /** Each item of the request with the severity its process gives it. */
  items: readonly { id: string; displayName: string; severity: Severity }[];
  /** The document's pages, 1-based by index + 1; only needed when a region is marked. */
  pages?: readonly PageBox[];
}

/**
 * A region may stray this far (points) past its page's edge: a box drawn to the edge on a
 * screen is a fraction of a point off once scaled back.
 */
export const EDGE_TOLERANCE = 0.5;

const round = (n: number) => Math.round(n * 100) / 100;

/** Why `marks` do not fit `request`, or undefined when they do. */
export function checkMarks(marks: DecisionMarks, request: MarkedRequest): string | undefined {
  const items = new Map(request.items.map((item) => [item.id.toLowerCase(), item]));
  for (const mark of marks.items) {
    const item = items.get(mark.itemId.toLowerCase());
    if (!item) return `checklist item ${mark.itemId} is not on this QC request`;
    if (mark.severity && severityRank(mark.severity) < severityRank(item.severity)) {
      return `"${item.displayName}" is ${item.severity} in its process: a mark may raise its severity, never lower it to ${mark.severity}`;
    }
    for (const region of mark.regions) {
      const pages = request.pages ?? [];
      const box = pages[region.page - 1];
      if (!box) {
        return `"${item.displayName}" marks page ${region.page}, but the document has ${pages.length} page${pages.length === 1 ? '' : 's'}`;
      }
      const right = region.x + region.width;
      const bottom = region.y + region.height;
      if (right > box.width + EDGE_TOLERANCE || bottom > box.height + EDGE_TOLERANCE) {
        return `"${item.displayName}" marks a region outside page ${region.page} (${round(box.width)} × ${round(box.height)} pt): it reaches ${round(right)} × ${round(bottom)}`;
      }
    }
  }
  return undefined;
}

/** Whether any mark names a region: only then is the document read. */
export const marksRegions = (marks: DecisionMarks) =>
  marks.items.some((item) => item.regions.length > 0);
