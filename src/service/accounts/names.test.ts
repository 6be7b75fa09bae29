import { describe, expect, it } from 'vitest';
import { splitPersonName } from './names.ts';

describe('splitPersonName', () => {
  it.each([
    ['JOHN SMITH', { first: 'JOHN', middle: null, last: 'SMITH', suffix: null }],
    ['JOHN QUINCY ADAMS', { first: 'JOHN', middle: 'QUINCY', last: 'ADAMS', suffix: null }],
    ['MARY ANN LEE SMITH JR', { first: 'MARY', middle: 'ANN LEE', last: 'SMITH', suffix: 'JR' }],
    ['  CHER  ', { first: 'CHER', middle: null, last: null, suffix: null }],
    ['JOHN SMITH III', { first: 'JOHN', middle: null, last: 'SMITH', suffix: 'III' }],
    // Two words: the second is the last name even if it looks like a suffix.
    ['ROBERT V', { first: 'ROBERT', middle: null, last: 'V', suffix: null }],
  ])('%s', (name, parts) => {
    expect(splitPersonName(name)).toEqual(parts);
  });
});
