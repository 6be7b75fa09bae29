import { describe, expect, it } from 'vitest';
import { describeExpiry, downloadExpiry, timeLeft } from './download-expiry.ts';

const RECEIVED = '2026-06-10T12:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('downloadExpiry', () => {
  it('reads the reference service’s `expires` (unix seconds) when it comes first', () => {
    const expires = at('2026-06-10T12:30:00Z') / 1000;
    const url = `http://127.0.0.1:8090/blobs/x?expires=${expires}&signature=abc`;
    expect(downloadExpiry(url, RECEIVED)?.toISOString()).toBe('2026-06-10T12:30:00.000Z');
  });

  it('reads S3’s X-Amz-Date plus X-Amz-Expires', () => {
    const url = 'https://bucket.example/k?X-Amz-Date=20260610T115500Z&X-Amz-Expires=1800';
    expect(downloadExpiry(url, RECEIVED)?.toISOString()).toBe('2026-06-10T12:25:00.000Z');
  });

  it('caps at 60 minutes after receipt: a sandbox clock moved ahead signs far-off expiries', () => {
    const expires = at('2026-06-12T12:00:00Z') / 1000;
    const url = `http://127.0.0.1:8090/blobs/x?expires=${expires}&signature=abc`;
    expect(downloadExpiry(url, RECEIVED)?.toISOString()).toBe('2026-06-10T13:00:00.000Z');
  });

  it('falls back to the spec’s 60 minutes when the URL says nothing', () => {
    expect(downloadExpiry('https://files.example/doc.pdf', RECEIVED)?.toISOString()).toBe(
      '2026-06-10T13:00:00.000Z',
    );
  });

  it('gives null for something that is not a URL or a bad receipt time', () => {
    expect(downloadExpiry('not a url', RECEIVED)).toBeNull();
    expect(downloadExpiry('https://files.example/doc.pdf', 'yesterday')).toBeNull();
  });
});

describe('describeExpiry', () => {
  const expiresAt = new Date(RECEIVED);
  it('counts down in the largest units that matter', () => {
    expect(describeExpiry(expiresAt, at('2026-06-10T10:55:00Z')).text).toBe('expires in 1 h 5 min');
    expect(describeExpiry(expiresAt, at('2026-06-10T11:00:00Z')).text).toBe('expires in 1 h');
    expect(describeExpiry(expiresAt, at('2026-06-10T11:00:30Z')).text).toBe('expires in 59 min');
    expect(describeExpiry(expiresAt, at('2026-06-10T11:59:20Z')).text).toBe('expires in 40 s');
    expect(describeExpiry(expiresAt, at('2026-06-10T11:59:59.500Z')).expired).toBe(false);
  });

  it('says when it expired, from the moment it does', () => {
    const state = describeExpiry(expiresAt, at('2026-06-10T12:00:00Z'));
    expect(state.expired).toBe(true);
    expect(state.text).toMatch(/^expired at /);
    expect(state.text).not.toMatch(/2026/);
    // Another day names the date too.
    expect(describeExpiry(expiresAt, at('2026-06-13T12:00:00Z')).text).toMatch(/2026/);
  });

  it('never says "0 s" while time is left', () => {
    expect(timeLeft(1)).toBe('1 s');
    expect(timeLeft(999)).toBe('1 s');
    expect(timeLeft(59_999)).toBe('59 s');
  });
});
