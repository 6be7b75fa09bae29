import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// pdf.js's viewer stylesheet is global and stays on every screen once a document has been
// shown; it styles generic names (`.sidebar`, `.dialog`, `.toolbar`…). An app class of the same
// name is restyled by it: the side navigation, once `.sidebar`, lost its `sticky`, and the
// dialogs, once `.dialog`, took pdf.js's message-box font and padding. Only the
// preview's own stylesheets (src/app/pdf) name pdf.js's classes, on purpose.

const APP = new URL('..', import.meta.url).pathname;
const OWN = join(APP, 'pdf');

const classesOf = (css: string) =>
  new Set(
    [...css.replaceAll(/\/\*[\s\S]*?\*\//g, '').matchAll(/\.([A-Za-z_][\w-]*)/g)].map((m) => m[1]),
  );

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === OWN ? [] : stylesheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

describe('the app’s class names', () => {
  it('are none of those pdf.js’s viewer stylesheet styles', () => {
    const require = createRequire(import.meta.url);
    const pdfjs = classesOf(readFileSync(require.resolve('pdfjs-dist/web/pdf_viewer.css'), 'utf8'));
    const clashes = stylesheets(APP).flatMap((file) =>
      [...classesOf(readFileSync(file, 'utf8'))]
        .filter((name) => pdfjs.has(name))
        .map((name) => `${relative(APP, file)}: .${name}`),
    );
    expect(stylesheets(APP).length).toBeGreaterThan(20);
    expect(clashes).toEqual([]);
  });
});
