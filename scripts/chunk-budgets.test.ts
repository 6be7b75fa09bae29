import { describe, expect, it } from 'vitest';
import { chunkBudgets } from './chunk-budgets.ts';

// The build's size warning (vite.config.ts): pdf.js may be as large as its budgets say, every
// other chunk warns past the common one.

type Hooks = {
  config(): { build: { chunkSizeWarningLimit: number } };
  generateBundle(
    this: { warn(message: string): void },
    options: unknown,
    bundle: Record<string, unknown>,
  ): void;
};

const kB = (n: number) => 'x'.repeat(n * 1000);
const chunk = (name: string, size: number) => ({
  type: 'chunk',
  name,
  fileName: `assets/${name}-abc123.js`,
  code: kB(size),
});
const asset = (name: string, size: number) => ({
  type: 'asset',
  names: [name],
  fileName: `assets/${name.replace(/\.m?js$/, '')}-abc123${/\.mjs$/.test(name) ? '.mjs' : '.js'}`,
  source: kB(size),
});

/** The warnings the plugin gives for `files`, as the bundler calls it. */
function warnings(...files: ReturnType<typeof chunk | typeof asset>[]) {
  const plugin = chunkBudgets({ pdfjs: 800, 'pdf.worker.min.mjs': 1600 }, 500) as unknown as Hooks;
  const said: string[] = [];
  plugin.generateBundle.call(
    { warn: (message) => said.push(message) },
    {},
    Object.fromEntries(files.map((file) => [file.fileName, file])),
  );
  return said;
}

describe('chunk budgets', () => {
  it("lets pdf.js's library and worker be as large as their budgets, and nothing else", () => {
    expect(
      warnings(
        chunk('pdfjs', 790),
        asset('pdf.worker.min.mjs', 1500),
        chunk('vendor', 480),
        chunk('qc-review', 60),
        // Not a script: images and fonts are not held to a budget.
        { ...asset('logo.png', 900), fileName: 'assets/logo-abc123.png' },
      ),
    ).toEqual([]);
  });

  it('warns of an app chunk past the common budget, naming it', () => {
    expect(warnings(chunk('pdfjs', 610), chunk('vendor', 520))).toEqual([
      expect.stringMatching(/^assets\/vendor-abc123\.js is 520 kB, over its 500 kB budget/),
    ]);
  });

  it("warns when pdf.js's own parts outgrow theirs", () => {
    expect(warnings(chunk('pdfjs', 810), asset('pdf.worker.min.mjs', 1700))).toEqual([
      expect.stringMatching(/pdfjs-abc123\.js is 810 kB, over its 800 kB budget/),
      expect.stringMatching(/pdf\.worker\.min-abc123\.mjs is 1700 kB, over its 1600 kB budget/),
    ]);
  });

  it("sets Vite's one limit to the largest budget, so that it never warns first", () => {
    const plugin = chunkBudgets({ pdfjs: 800, worker: 1600 }, 500) as unknown as Hooks;
    expect(plugin.config().build.chunkSizeWarningLimit).toBe(1600);
  });
});
