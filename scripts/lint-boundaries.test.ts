import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The boundaries of eslint.config.js, shown to hold: each fixture is a file that crosses one,
// linted as if it lived where its path says (lintText: nothing is written to the tree).

const eslint = new ESLint({ cwd: process.cwd() });

// The first lint of a run loads the plugins and the TypeScript resolver: seconds on a busy
// machine, which no one case should pay for.
beforeAll(() => eslint.lintText('export {};\n', { filePath: 'src/fixture.ts' }), 120_000);

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

/** What lint says of a file at `filePath` whose only code imports `name` from `from`. */
async function messagesOf(filePath: string, from: string, name = 'x'): Promise<string[]> {
  const code = `import { ${name} } from '${from}';\nexport const used = ${name};\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
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

  it("lets a feature use another only through that one's index.ts", async () => {
    expect(
      await rulesBroken(
        'src/app/features/findings/cross-feature-fixture.ts',
        "import { WetInkPanel } from '../signatures/index.ts';\nexport const p = WetInkPanel;\n",
      ),
    ).toEqual([]);
    expect(
      await rulesBroken(
        'src/app/features/findings/cross-feature-fixture.ts',
        "import { WetInkPanel } from '../signatures/wet-ink/wet-ink-panel.tsx';\nexport const p = WetInkPanel;\n",
      ),
    ).toContain(RESTRICTED);
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
      ['src/gateway/upstream/fixture.ts', "import { feedOf } from '../reviews/reviews.ts';"],
      [
        'src/gateway/upstream/fixture.ts',
        "import { findProcess } from '../qc-management/upstream.ts';",
      ],
    ];
    for (const [path, line] of cases) {
      const name = /import \{ (\w+) \}/.exec(line)?.[1] ?? 'x';
      expect(await rulesBroken(path, `${line}\nexport const used = ${name};\n`), path).toContain(
        RESTRICTED,
      );
    }
  });
});

describe('npm run lint keeps test support out of production code', () => {
  const TESTING = 'production code imports no test support: testing/ and vitest are for tests';

  it('refuses a production file importing a testing/ file or vitest', async () => {
    const cases: [string, string, string][] = [
      ['src/service/fixture.ts', './testing/service.ts', 'startTestService'],
      ['src/service/qc/fixture.ts', '../testing/fuzz/values.ts', 'HOSTILE_RAW'],
      ['src/client/fixture.ts', './testing/stand-in.ts', 'gatewayStandIn'],
      ['src/contract/fixture.ts', './testing/fixtures.ts', 'ID'],
      ['src/app/features/signatures/fixture.ts', '../../testing/signatures.ts', 'SPEC_REQUEST'],
      ['src/gateway/fixture.ts', '../service/testing/fuzz/world.ts', 'createWorld'],
      ['src/service/fixture.ts', 'vitest', 'expect'],
      ['src/app/fixture.tsx', 'vitest', 'vi'],
    ];
    for (const [path, from, name] of cases) {
      const messages = await messagesOf(path, from, name);
      expect(messages, `${path} importing ${from}`).toContainEqual(
        expect.stringContaining(TESTING),
      );
    }
  });

  it('lets tests and test support import testing/ and vitest', async () => {
    const cases: [string, string, string][] = [
      ['src/service/qc/fixture.test.ts', '../testing/service.ts', 'startTestService'],
      ['src/service/testing/fixture.ts', 'vitest', 'expect'],
      ['src/service/testing/fuzz/fixture.ts', '../service.ts', 'startTestService'],
      ['src/client/fixture.test.ts', './testing/stand-in.ts', 'gatewayStandIn'],
      ['src/client/fixture.test.ts', '../service/testing/service.ts', 'startTestService'],
      ['src/contract/fixture.test.ts', './testing/fixtures.ts', 'ID'],
      [
        'src/app/features/signatures/fixture.test.ts',
        '../../testing/signatures.ts',
        'SPEC_REQUEST',
      ],
    ];
    for (const [path, from, name] of cases) {
      expect(await messagesOf(path, from, name), `${path} importing ${from}`).toEqual([]);
    }
  });
});

describe("npm run lint keeps each part's test support in its part", () => {
  const OWN =
    "a part's tests use its own testing/, the contract's and shared's: move what another part's tests need to the contract's, shared's or that part's own testing/";

  it("refuses a test, or test support, of one part importing another part's testing/", async () => {
    const cases: [string, string, string][] = [
      ['src/client/testing/fixture.ts', '../../gateway/testing/fixtures.ts', 'gatewayTest'],
      ['src/client/fixture.test.ts', '../gateway/testing/harness.ts', 'startHarness'],
      [
        'src/app/features/events/fixture.test.ts',
        '../../../gateway/testing/notices.ts',
        'startNoticeReceiver',
      ],
      ['src/app/fixture.test.ts', '../client/testing/stand-in.ts', 'gatewayStandIn'],
      ['src/app/fixture.test.ts', '../service/testing/service.ts', 'startTestService'],
      ['src/gateway/fixture.test.ts', '../client/testing/stand-in.ts', 'gatewayStandIn'],
      ['src/service/fixture.test.ts', '../gateway/testing/harness.ts', 'startHarness'],
      ['src/service/testing/fixture.ts', '../../gateway/testing/database.ts', 'testDatabase'],
      ['src/contract/fixture.test.ts', '../app/testing/qc.ts', 'x'],
    ];
    for (const [path, from, name] of cases) {
      expect(await messagesOf(path, from, name), `${path} importing ${from}`).toContainEqual(
        `${RESTRICTED}: Unexpected path "${from}" imported in restricted zone. ${OWN}`,
      );
    }
  });

  it("lets a part's tests use its own, the contract's and shared's, and the service as upstream", async () => {
    const cases: [string, string, string][] = [
      ['src/client/fixture.test.ts', './testing/gateway.ts', 'startClientGateway'],
      ['src/client/testing/fixture.ts', '../../service/testing/fixtures.ts', 'serviceTest'],
      ['src/client/fixture.test.ts', '../shared/testing/browser.ts', 'Browser'],
      ['src/gateway/fixture.test.ts', './testing/harness.ts', 'startHarness'],
      ['src/gateway/fixture.test.ts', '../service/testing/service.ts', 'startTestService'],
      ['src/gateway/testing/fixture.ts', '../../shared/testing/browser.ts', 'Browser'],
      ['src/gateway/fixture.test.ts', '../contract/testing/findings.ts', 'findingChange'],
      [
        'src/app/features/events/fixture.test.ts',
        '../../../contract/testing/findings.ts',
        'findingChange',
      ],
      ['src/app/features/signatures/fixture.test.ts', '../../testing/signatures.ts', 'x'],
      ['src/service/testing/fixture.ts', '../../shared/testing/loopback-endpoint.ts', 'x'],
      ['src/service/fixture.test.ts', '../contract/testing/fixtures.ts', 'ID'],
    ];
    for (const [path, from, name] of cases) {
      expect(await messagesOf(path, from, name), `${path} importing ${from}`).toEqual([]);
    }
  });
});

describe('npm run lint holds the boundaries within and around the app', () => {
  const refused = async (path: string, from: string, name: string, message: string) => {
    const messages = await messagesOf(path, from, name);
    expect(messages, `${path} importing ${from}`).toContainEqual(
      `${RESTRICTED}: Unexpected path "${from}" imported in restricted zone. ${message}`,
    );
  };

  it('refuses the app importing the gateway or the service', async () => {
    const message =
      'the app imports nothing from the gateway or the service: it reaches them over HTTP';
    await refused('src/app/fixture.ts', '../gateway/server.ts', 'startGateway', message);
    await refused('src/app/shell/fixture.ts', '../../service/server.ts', 'startService', message);
  });

  it('refuses the client importing the gateway or the service', async () => {
    const message =
      'the client imports nothing from the gateway or the service: it reaches them over HTTP';
    await refused('src/client/fixture.ts', '../gateway/server.ts', 'startGateway', message);
    await refused('src/client/fixture.ts', '../service/server.ts', 'startService', message);
  });

  it('refuses pdf/ importing a feature, and lets a feature import pdf/', async () => {
    await refused(
      'src/app/pdf/fixture.ts',
      '../features/qc/qc.queries.ts',
      'qcQueries',
      'pdf/ imports no feature: the features import it',
    );
    expect(
      await messagesOf('src/app/features/qc/review/fixture.ts', '../../../pdf/prepared.ts'),
    ).toEqual([]);
  });

  it("refuses a QC sub-feature reaching into another's modules, not through its index.ts", async () => {
    const message = "a QC sub-feature imports another only through that one's index.ts";
    await refused(
      'src/app/features/qc/queue/fixture.ts',
      '../review/draft-store.ts',
      'draftStore',
      message,
    );
    await refused(
      'src/app/features/qc/second-review/deep/fixture.ts',
      '../../queue/queue-tabs.tsx',
      'QueueTabs',
      message,
    );
    const allowed: [string, string, string][] = [
      ['src/app/features/qc/second-review/fixture.ts', '../review/index.ts', 'draftStore'],
      ['src/app/features/qc/second-review/fixture.ts', '../queue/index.ts', 'QueueTabs'],
      ['src/app/features/qc/review/fixture.ts', './draft-store.ts', 'draftStore'],
      ['src/app/features/qc/review/fixture.ts', '../qc.queries.ts', 'qcQueries'],
      ['src/app/features/qc/fixture.ts', './review/draft-store.ts', 'draftStore'],
    ];
    for (const [path, from, name] of allowed) {
      expect(await messagesOf(path, from, name), `${path} importing ${from}`).toEqual([]);
    }
  });
});

describe('npm run lint keeps src/shared a leaf every part may use', () => {
  const PARTS =
    'shared imports nothing of the parts: only the contract, the standard library and zod';
  const PACKAGES = 'shared imports the standard library (node:) and zod only, and the contract';

  it('refuses shared importing the app, the gateway, the service or the client', async () => {
    const cases: [string, string][] = [
      ['../app/session.queries.ts', 'sessionQueries'],
      ['../gateway/server.ts', 'startGateway'],
      ['../service/server.ts', 'startService'],
      ['../client/request.ts', 'request'],
      ['../main.ts', 'main'],
    ];
    for (const [from, name] of cases) {
      for (const path of ['src/shared/fixture.ts', 'src/shared/fixture.test.ts']) {
        expect(await messagesOf(path, from, name), `${path} importing ${from}`).toContainEqual(
          `${RESTRICTED}: Unexpected path "${from}" imported in restricted zone. ${PARTS}`,
        );
      }
    }
  });

  it('refuses shared code importing a package other than zod', async () => {
    for (const from of ['hono', 'react', 'os', 'zod']) {
      const messages = await messagesOf('src/shared/fixture.ts', from);
      expect(messages, from).toContainEqual(expect.stringContaining(PACKAGES));
    }
  });

  it('lets shared import the standard library, zod, the contract and itself', async () => {
    const cases: [string, string][] = [
      ['node:os', 'networkInterfaces'],
      ['../contract/zod.ts', 'z'],
      ['../contract/file-types.ts', 'UPLOAD_RULES'],
      ['./hosts.ts', 'normalizeHost'],
    ];
    for (const [from, name] of cases) {
      expect(await messagesOf('src/shared/fixture.ts', from, name), from).toEqual([]);
    }
    // Its tests may use test libraries.
    expect(await messagesOf('src/shared/fixture.test.ts', 'fast-check', 'fc')).toEqual([]);
  });

  it('refuses the contract importing shared: the arrow goes one way', async () => {
    const messages = await messagesOf('src/contract/fixture.ts', '../shared/hosts.ts');
    expect(messages).toContainEqual(
      `${RESTRICTED}: Unexpected path "../shared/hosts.ts" imported in restricted zone. ` +
        'the contract imports nothing from shared: shared may import the contract',
    );
  });

  it('lets every part import shared, as it imports the contract', async () => {
    const cases: [string, string, string][] = [
      ['src/app/features/qc/team/fixture.ts', '../../../../shared/csv.ts', 'toCsv'],
      ['src/app/ui/fixture.ts', '../../shared/sniff.ts', 'sniff'],
      ['src/client/fixture.ts', '../shared/csv.ts', 'toCsv'],
      ['src/gateway/http/fixture.ts', '../../shared/hosts.ts', 'normalizeHost'],
      ['src/service/http/fixture.ts', '../../shared/hosts.ts', 'normalizeHost'],
      ['e2e/fixture.ts', '../src/shared/csv.ts', 'toCsv'],
      ['scripts/fixture.ts', '../src/shared/hosts.ts', 'normalizeHost'],
    ];
    for (const [path, from, name] of cases) {
      expect(await messagesOf(path, from, name), `${path} importing ${from}`).toEqual([]);
    }
  });
});

describe('npm run lint keeps the app in short files', () => {
  it('refuses an app file over 250 lines, a test too, and nothing elsewhere', async () => {
    const lines = (count: number) =>
      Array.from({ length: count }, (_, i) => `export const line${i} = ${i};`).join('\n') + '\n';
    expect(await rulesBroken('src/app/features/qc/queue/fixture.tsx', lines(250))).toEqual([]);
    expect(await rulesBroken('src/app/features/qc/queue/fixture.tsx', lines(251))).toEqual([
      'max-lines',
    ]);
    expect(await rulesBroken('src/app/ui/fixture.test.ts', lines(251))).toEqual(['max-lines']);
    expect(await rulesBroken('src/gateway/http/fixture.ts', lines(251))).toEqual([]);
  });
});
