import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

// The files the docs and the code's comments name exist: a file moved or renamed leaves no
// pointer behind (`npm test` runs scripts/named-paths.test.ts). A name is looked for as the
// end of a path of the repository (`reviews/holds.ts` is src/gateway/reviews/holds.ts), a
// bare name as any file's name: lenient, and still certain to notice a file that is gone.

/** The kinds of file a doc or a comment points at. */
const NAMED =
  /(?<![\w/.@*-])((?:\.\.?\/)*[\w@][\w.@-]*(?:\/[\w.@-]+)*\.(?:tsx?|css|md|mjs))(?![\w/])/g;

/** Names that are not the repository's files: a package's own, a doc's pattern. */
const ELSEWHERE = new Set([
  'pdf.mjs', // pdfjs-dist's
  'pdf_viewer.mjs', // pdfjs-dist's
  'attest-api.d.ts', // what README's openapi-typescript example writes
  'NNN-short-title.md', // the decision records' pattern
  'relay.mjs', // the relay docs/deploying.md has a reader write
  'assets/x.css', // a built stylesheet's name, as an example
  'said.ts', // scripts/import-cycles.test.ts's sources, comments in strings
  'block.ts',
]);

/** Where names are read: docs whole, code and stylesheets by their comments. */
const DOCS = /^(docs\/.*|[^/]+)\.md$/;
const CODE = /^(src|e2e|scripts|bench)\/.*\.(ts|tsx|css)$|^[^/]+\.(ts|js)$/;

/** Comments of TypeScript, CSS and the SQL in template strings (`-- …`). */
const COMMENTS = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|^\s*--[^\n]*/gm;

export interface StaleName {
  file: string;
  name: string;
}

/** The repository's files (tracked, and new ones not ignored), as they are in the tree. */
export function repositoryFiles(root = process.cwd()): string[] {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed.split('\n').filter((file) => file && existsSync(`${root}/${file}`));
}

/** Every name in `text` that no file of `files` answers to. */
export function staleNames(text: string, files: readonly string[]): string[] {
  const names = new Set(files.map((file) => basename(file)));
  const exists = (name: string) => {
    const path = name.replace(/^(\.\.?\/)+/, '');
    if (ELSEWHERE.has(path)) return true;
    if (!path.includes('/')) return names.has(path);
    return files.some((file) => file === path || file.endsWith(`/${path}`));
  };
  return [...text.matchAll(NAMED)].map((match) => match[1] ?? '').filter((name) => !exists(name));
}

/** What a file says in prose: a doc whole, code by its comments; '' for anything else. */
export function proseOf(file: string, text: string): string {
  if (DOCS.test(file)) return text;
  if (CODE.test(file)) return (text.match(COMMENTS) ?? []).join('\n');
  return '';
}

/** The stale names of the repository at `root`. */
export function staleNamesIn(root = process.cwd()): StaleName[] {
  const files = repositoryFiles(root);
  return files.flatMap((file) =>
    staleNames(proseOf(file, readFileSync(`${root}/${file}`, 'utf8')), files).map((name) => ({
      file,
      name,
    })),
  );
}
