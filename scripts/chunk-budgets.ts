import type { Plugin } from 'vite';

/**
 * The build's size warning, chunk by chunk. Vite's own (`build.chunkSizeWarningLimit`) holds
 * every chunk to one number, so the one chunk that is large by nature would make it warn on
 * every build, or make it so loose that it never warned about the app's own. Here a script
 * named in `budgets` (a chunk by its name, an emitted script by the name it was emitted under) may
 * weigh up to its own budget, and every other chunk up to `otherwise`: kilobytes, minified.
 * Vite's warning is set to the largest budget, so that it never speaks first.
 */
export function chunkBudgets(budgets: Readonly<Record<string, number>>, otherwise: number): Plugin {
  const limitOf = (names: readonly string[]) =>
    names.map((name) => budgets[name]).find((limit) => limit !== undefined) ?? otherwise;
  return {
    name: 'attest:chunk-budgets',
    apply: 'build',
    config: () => ({
      build: { chunkSizeWarningLimit: Math.max(otherwise, ...Object.values(budgets)) },
    }),
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        const [names, bytes] =
          file.type === 'chunk'
            ? [[file.name], Buffer.byteLength(file.code)]
            : /\.m?js$/.test(file.fileName)
              ? [file.names, Buffer.byteLength(file.source)]
              : [null, 0];
        if (!names) continue;
        const limit = limitOf(names);
        const kb = Math.round(bytes / 1000);
        if (kb > limit) {
          this.warn(
            `${file.fileName} is ${kb} kB, over its ${limit} kB budget (vite.config.ts): split ` +
              'it, or raise the budget if it is meant to be this large',
          );
        }
      }
    },
  };
}
