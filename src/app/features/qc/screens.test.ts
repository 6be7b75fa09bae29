import { describe, expect, it } from 'vitest';
import { QC_PAGES, QUEUE_PATH, REVIEW_PATH } from './screens.ts';

// The page's first script and the gateway's first screen read a review's id from the path:
// a QC screen of its own taken for one asked the gateway for a request named "team" (a 400).
describe('a review’s path', () => {
  it('is a request id under /qc, encoded or not', () => {
    expect(REVIEW_PATH.exec('/qc/QCR-000123')?.[1]).toBe('QCR-000123');
    expect(REVIEW_PATH.exec('/qc/a%2Fb/')?.[1]).toBe('a%2Fb');
    // A word that merely starts like one of the area's screens is still an id.
    expect(REVIEW_PATH.exec('/qc/teams')?.[1]).toBe('teams');
  });

  it.each([
    '/qc',
    '/qc/',
    '/qc/team',
    '/qc/second-review/',
    '/qc/processes',
    '/qc/second-review/R1',
  ])('is not %s', (path) => {
    expect(REVIEW_PATH.test(path)).toBe(false);
  });

  it('is none of the QC area’s own screens', () => {
    for (const page of QC_PAGES) expect(REVIEW_PATH.test(`/qc/${page}`), page).toBe(false);
    expect(QUEUE_PATH.test('/qc')).toBe(true);
  });
});
