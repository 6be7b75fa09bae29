import { describe, expect, it } from 'vitest';
import { proseOf, staleNames, staleNamesIn } from './named-paths.ts';

describe('the files named in docs and comments', () => {
  it('are all in the repository', () => {
    expect(staleNamesIn()).toEqual([]);
  });

  it('are looked for as the end of a path, or as a file name', () => {
    const files = ['src/gateway/reviews/holds.ts', 'src/app/features/qc/team/trend-chart.tsx'];
    const text = [
      'The holds (`src/gateway/team/holds.ts`, now `reviews/holds.ts`, or just holds.ts),',
      'the chart (trend-chart.tsx) and its table (findings-section.tsx), drawn with pdf.js;',
      'a relative one, ../reviews/holds.ts, and one gone, ./team.routes.ts.',
    ].join('\n');
    expect(staleNames(text, files)).toEqual([
      'src/gateway/team/holds.ts',
      'findings-section.tsx',
      './team.routes.ts',
    ]);
  });

  it('are read from the comments of code, not from its imports', () => {
    const code = [
      "import { gone } from './gone.ts';",
      '// Kept with the outbox (outbox.ts).',
      '/* Drawn as in charts.css */',
      "const sql = `\n  -- the record's JSON (contract/team.ts)\n`;",
    ].join('\n');
    const prose = proseOf('src/gateway/x.ts', code);
    expect(prose).not.toContain('gone.ts');
    expect(prose).toContain('outbox.ts');
    expect(prose).toContain('charts.css');
    expect(prose).toContain('contract/team.ts');
    expect(proseOf('docs/x.md', 'see gone.ts')).toBe('see gone.ts');
    expect(proseOf('package.json', '"gone.ts"')).toBe('');
  });
});
