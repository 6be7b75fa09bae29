import { describe, expect, it } from 'vitest';
import { addressList, payloadText, typeLabel } from './event-labels.ts';

describe('event labels', () => {
  it('names known types in words and keeps unknown ones as sent', () => {
    expect(typeLabel('DOCUMENT_READY')).toBe('Document ready');
    expect(typeLabel('ADDRESS_CHANGE')).toBe('Address change');
    expect(typeLabel('ACCOUNT_CLOSED')).toBe('ACCOUNT_CLOSED');
  });

  it('lists the addresses an ADDRESS_CHANGE wrote, as a sentence reads them', () => {
    expect(addressList({ addressTypes: ['official'] })).toBe('official');
    expect(addressList({ addressTypes: ['official', 'mailing'] })).toBe('official and mailing');
    expect(addressList({ addressTypes: ['official', 'mailing', 'physical'] })).toBe(
      'official, mailing and physical',
    );
    expect(addressList({ addressTypes: 'official' })).toBe('');
    expect(addressList({})).toBe('');
  });

  it('reads only string payload fields', () => {
    expect(payloadText({ crid: 'CR-1', n: 3 }, 'crid')).toBe('CR-1');
    expect(payloadText({ crid: 'CR-1', n: 3 }, 'n')).toBe('');
  });
});
