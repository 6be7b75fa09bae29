import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The boundaries of eslint.config.js, shown to hold: each fixture is a file that crosses one,
// linted as if it lived where its path says (lintText: nothing is written to the tree).

const eslint = new ESLint({ cwd: process.cwd() });

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const RESTRICTED = 'import-x/no-restricted-paths';

describe('npm run lint holds the boundaries between parts', () => {
  it('refuses a feature importing another feature', async () => {
    const broken = await rulesBroken(
      'src/app/features/firms/cross-feature-fixture.ts',
      "import { qcQueries } from '../qc/qc.queries.ts';\nexport const q = qcQueries;\n",
    );
    expect(broken).toContain(RESTRICTED);
  });

  it('lets a feature use its own modules, the shell, ui and the shared look-ups', async () => {
    const broken = await rulesBroken(
      'src/app/features/firms/own-fixture.ts',
      [
        "import { firmsQueries } from './firms.queries.ts';",
        "import { areaFor } from '../../shell/nav.ts';",
        "import { useFirmNames } from '../../lookups.queries.ts';",
        'export const all = [firmsQueries, areaFor, useFirmNames];',
        '',
      ].join('\n'),
    );
    expect(broken).toEqual([]);
  });

  it('refuses the shell importing a feature, the client the app, the gateway the client', async () => {
    const cases: [string, string][] = [
      ['src/app/shell/fixture.ts', "import { eventsRoutes } from '../features/events/routes.tsx';"],
      ['src/client/fixture.ts', "import { ownerOf } from '../app/session.queries.ts';"],
      ['src/gateway/fixture.ts', "import { request } from '../client/request.ts';"],
      ['src/service/fixture.ts', "import { startGateway } from '../gateway/server.ts';"],
    ];
    for (const [path, line] of cases) {
      const name = /import \{ (\w+) \}/.exec(line)?.[1] ?? 'x';
      expect(await rulesBroken(path, `${line}\nexport const used = ${name};\n`), path).toContain(
        RESTRICTED,
      );
    }
  });
});
