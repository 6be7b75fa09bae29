import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// pdf.js's viewer stylesheet is global and comes on every screen once a document has been
// shown; it styles generic names (`.sidebar`, `.dialog`, `.toolbar`…). A shell class of the
// same name is restyled by it: the side navigation, named `.sidebar`, lost its `sticky`
// (issue 42).

const classesOf = (css: string) =>
  new Set(
    [...css.replaceAll(/\/\*[\s\S]*?\*\//g, '').matchAll(/\.([A-Za-z_][\w-]*)/g)].map((m) => m[1]),
  );

describe('the shell’s class names', () => {
  it('are none of those pdf.js’s viewer stylesheet styles', () => {
    const require = createRequire(import.meta.url);
    const pdfjs = classesOf(readFileSync(require.resolve('pdfjs-dist/web/pdf_viewer.css'), 'utf8'));
    const shell = classesOf(readFileSync(new URL('./layout.css', import.meta.url), 'utf8'));
    expect([...shell].filter((name) => pdfjs.has(name))).toEqual([]);
  });
});
