import { describe, expect, it } from 'vitest';
import { htmlAttribute } from './html-attribute.ts';

describe('htmlAttribute', () => {
  it('leaves nothing that could end the attribute or start a tag', () => {
    expect(htmlAttribute('/a?x=1&y="2"><script>')).toBe('/a?x=1&amp;y=&quot;2&quot;>&lt;script>');
  });

  it('keeps an ordinary URL as it is', () => {
    expect(htmlAttribute('/files/blobs/k?expires=1&signature=abc_-')).toBe(
      '/files/blobs/k?expires=1&amp;signature=abc_-',
    );
  });
});
