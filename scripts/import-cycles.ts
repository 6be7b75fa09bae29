import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// Import cycles among the project's own modules, type-only imports included: eslint's
// import-x/no-cycle skips `import type`, yet a type cycle still ties two modules together.
// Run by `npm run lint`.

const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every .ts/.tsx file under a folder, tests and fixtures included. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Each file's relative imports (static ones: a dynamic import() is a deliberate seam). */
export function importGraph(
  files: readonly string[],
  read = (path: string) => readFileSync(path, 'utf8'),
) {
  const known = new Set(files.map((file) => resolve(file)));
  const graph = new Map<string, string[]>();
  for (const file of known) {
    const targets: string[] = [];
    for (const match of read(file).matchAll(SPECIFIER)) {
      const target = resolve(dirname(file), match[1] ?? '');
      if (known.has(target)) targets.push(target);
    }
    graph.set(file, targets);
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
