import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// Import cycles among the project's own modules, type-only imports and lazy `import()`s
// included: eslint's import-x/no-cycle skips `import type` and a dynamic import, yet either
// still ties two modules together (a lazy import is a later load of the same module, and a
// circle through one is a circle all the same). Run by `npm run lint`.

/** `import … from './x'`, `export … from './x'`. */
const STATIC = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;
/** `import './x'`, for its effects only. */
const BARE = /(?:^|\n)\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/g;
/** `import('./x')`, a lazy import (or a type's `import('./x').T`). */
const DYNAMIC = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
/** Comments on lines of their own, whose words may quote an import: not read. */
const COMMENT = /^[ \t]*\/\/[^\n]*|^[ \t]*\/\*[\s\S]*?\*\//gm;

/** Every .ts/.tsx file under a folder, tests and fixtures included. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The relative specifiers a module's source imports: static, bare and dynamic. */
export function specifiers(source: string): string[] {
  const code = source.replace(COMMENT, '');
  return [STATIC, BARE, DYNAMIC].flatMap((pattern) =>
    [...code.matchAll(pattern)].map((match) => match[1] ?? ''),
  );
}

/** Each file's relative imports among the files, each target once. */
export function importGraph(
  files: readonly string[],
  read = (path: string) => readFileSync(path, 'utf8'),
) {
  const known = new Set(files.map((file) => resolve(file)));
  const graph = new Map<string, string[]>();
  for (const file of known) {
    const targets = new Set<string>();
    for (const specifier of specifiers(read(file))) {
      const target = resolve(dirname(file), specifier);
      if (known.has(target)) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The cycles of a graph, each once, as the files in order (Tarjan's strongly connected components). */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, indexOf.get(next) ?? 0));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = component.length === 1 && (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfLoop) cycles.push(component.reverse());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return cycles;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const roots = process.argv.slice(2);
  const files = (roots.length ? roots : ['src', 'e2e', 'bench', 'scripts']).flatMap(sourceFiles);
  const cycles = findCycles(importGraph(files));
  for (const cycle of cycles) {
    console.error(
      `import cycle: ${cycle.map((file) => relative(process.cwd(), file)).join(' -> ')}`,
    );
  }
  if (cycles.length > 0) process.exit(1);
}
