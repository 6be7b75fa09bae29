import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph, sourceFiles, specifiers } from './import-cycles.ts';

const files: Record<string, string> = {
  '/p/a.ts': "import type { B } from './b.ts';\nexport interface A { b: B }",
  '/p/b.ts': "import {\n  type A,\n} from './a.ts';\nexport type B = A[];",
  '/p/c.ts': "import { d } from './d.ts';\nconst later = () => import('./a.ts');",
  '/p/d.ts': "export * from './e.ts';\nexport const d = 1;",
  '/p/e.ts': "import './style.css';\nexport const e = 2;",
};
const graphOf = (names: string[]) => importGraph(names, (path) => files[path] ?? '');

describe('import cycles', () => {
  it('finds a cycle of type-only imports, which eslint-plugin-import-x does not', () => {
    const cycles = findCycles(graphOf(Object.keys(files)));
    expect(cycles).toEqual([[resolve('/p/a.ts'), resolve('/p/b.ts')]]);
  });

  it('follows re-exports and lazy imports, and finds nothing in a tree', () => {
    const graph = graphOf(['/p/c.ts', '/p/d.ts', '/p/e.ts', '/p/a.ts']);
    expect(graph.get(resolve('/p/c.ts'))).toEqual([resolve('/p/d.ts'), resolve('/p/a.ts')]);
    expect(graph.get(resolve('/p/d.ts'))).toEqual([resolve('/p/e.ts')]);
    expect(findCycles(graph)).toEqual([]);
  });

  it('finds a cycle closed by a lazy import, as a route that looks ahead to its own list', () => {
    const screens: Record<string, string> = {
      '/q/screens.ts': "export const queue = { component: () => import('./queue.route.tsx') };",
      '/q/queue.route.tsx': "import { Ahead } from './ahead.tsx';\nexport { Ahead };",
      '/q/ahead.tsx': "import { queue } from './screens.ts';\nvoid queue;",
    };
    const graph = importGraph(Object.keys(screens), (path) => screens[path] ?? '');
    expect(findCycles(graph)).toEqual([
      ['/q/screens.ts', '/q/queue.route.tsx', '/q/ahead.tsx'].map((path) => resolve(path)),
    ]);
  });

  it('reads imports for effects and lazy ones, each once, and none a comment quotes', () => {
    const source = [
      "import './polyfill.ts';",
      "import type { T } from '../types.ts';",
      "const load = () => import( './lazy.tsx' );",
      "type U = import('./lazy.tsx').U;",
      "// before, this read import('./said.ts')",
      "/* and import('./block.ts') */",
      "import 'zod';",
      'const url = `https://example.test/${name}`; // keeps the code before it',
    ].join('\n');
    expect(specifiers(source)).toEqual([
      '../types.ts',
      './polyfill.ts',
      './lazy.tsx',
      './lazy.tsx',
    ]);
  });

  it('finds none in the project', () => {
    const project = ['src', 'e2e', 'bench', 'scripts'].flatMap(sourceFiles);
    expect(project.length).toBeGreaterThan(100);
    expect(findCycles(importGraph(project))).toEqual([]);
  });
});
