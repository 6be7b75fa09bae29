import { describe, expect, it } from 'vitest';
import { htmlAttribute, jsonDataBlock } from './html.ts';

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

describe('jsonDataBlock', () => {
  it('carries JSON that reads as markup without anything in it closing the block', () => {
    const value = { note: '</script><script>alert(1)</script><!--' };
    const block = jsonDataBlock('data', JSON.stringify(value), { 'data-url': '/a?b=1&c="2"' });
    expect(block).toMatch(
      /^<script type="application\/json" id="data" data-url="\/a\?b=1&amp;c=&quot;2&quot;">[^<]*<\/script>$/,
    );
    const text = /">([^<]*)<\/script>$/.exec(block)?.[1] ?? '';
    expect(JSON.parse(text)).toEqual(value);
  });
});
