import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph, sourceFiles } from './import-cycles.ts';

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

  it('follows re-exports but not dynamic imports, and finds nothing in a tree', () => {
    const graph = graphOf(['/p/c.ts', '/p/d.ts', '/p/e.ts', '/p/a.ts']);
    expect(graph.get(resolve('/p/c.ts'))).toEqual([resolve('/p/d.ts')]);
    expect(graph.get(resolve('/p/d.ts'))).toEqual([resolve('/p/e.ts')]);
    expect(findCycles(graph)).toEqual([]);
  });

  it('finds none in the project', () => {
    const project = ['src', 'e2e', 'bench', 'scripts'].flatMap(sourceFiles);
    expect(project.length).toBeGreaterThan(100);
    expect(findCycles(importGraph(project))).toEqual([]);
  });
});
