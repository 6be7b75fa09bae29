import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feed } from '../events/event-log.ts';
import { findingChange } from '../../contract/testing/findings.ts';
import {
  startLoopbackEndpoint,
  type LoopbackEndpoint,
} from '../../shared/testing/loopback-endpoint.ts';
import { freshDatabases } from '../testing/database.ts';
import { freePort } from '../testing/harness.ts';
import { createNotices } from './sender.ts';

// The relay example of docs/deploying.md, run as written (the block is read from the page)
// behind the gateway's own notice sender: a team that copies it gets what the page says.

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const ACME: Feed = { environment: 'production', owner: 'acme' };
const root = new URL('../../../', import.meta.url);
const database = freshDatabases();

function relayCode(): string {
  const page = readFileSync(new URL('docs/deploying.md', root), 'utf8');
  const block = /```js\n(\/\/ relay\.mjs[\s\S]*?)```/.exec(page)?.[1];
  if (!block) throw new Error('docs/deploying.md has no relay.mjs block');
  return block;
}

let relay: ChildProcess;
let relayUrl: string;
let chat: LoopbackEndpoint<string>;

beforeAll(async () => {
  chat = await startLoopbackEndpoint('/chat', 'chat posts', (_req, body) => ({
    kept: (JSON.parse(body) as { text: string }).text,
    answer: 200,
  }));
  const port = await freePort();
  relayUrl = `http://127.0.0.1:${port}/attest`;
  relay = spawn(process.execPath, ['--input-type=module', '--eval', relayCode()], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      ATTEST_NOTICE_SECRET: SECRET,
      CHAT_WEBHOOK_URL: chat.url,
      RELAY_USER: 'attest',
      RELAY_PASSWORD: 'p@ss:word',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Up once it answers anything (a GET is refused 405).
  const deadline = Date.now() + 10_000;
  while (
    (await fetch(relayUrl).then(
      (r) => r.status,
      () => 0,
    )) !== 405
  ) {
    if (Date.now() > deadline || relay.exitCode !== null)
      throw new Error('the relay did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

afterAll(async () => {
  relay?.kill();
  await chat?.close();
});

describe('the relay example of docs/deploying.md', () => {
  it('takes the gateway’s signed, Basic-auth notices, escapes the chat line, and relays each once', async () => {
    const sql = await database();
    const withCredentials = relayUrl.replace('http://', 'http://attest:p%40ss%3Aword@');
    const notices = createNotices(sql, { url: withCredentials, secrets: [SECRET] }, Date.now);
    const change = findingChange(1);
    change.finding.matterReference = '<!channel> M-7 & <https://evil.example|click>';
    const id = (await notices.enqueue(ACME, 'finding.raised', change)) ?? '';
    await notices.tick();
    expect(await notices.byId(ACME, id)).toMatchObject({ state: 'sent' });
    expect(chat.kept).toHaveLength(1);
    expect(chat.kept[0]).toContain('&lt;!channel&gt; M-7 &amp; &lt;https://evil.example|click&gt;');
    expect(chat.kept[0]).not.toMatch(/<|>/);

    // A redelivery is the same webhook-id: answered, not relayed again.
    await notices.redeliver(ACME, id);
    await notices.tick();
    expect(await notices.byId(ACME, id)).toMatchObject({ state: 'sent', round: 2 });
    expect(chat.kept).toHaveLength(1);
    await notices.stop();
  });

  it('refuses wrong credentials, a forged signature and a body over 64 KiB', async () => {
    const signed = {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from('attest:p@ss:word').toString('base64')}`,
    };
    const wrong = await fetch(relayUrl, {
      method: 'POST',
      headers: {
        ...signed,
        authorization: `Basic ${Buffer.from('attest:guess').toString('base64')}`,
      },
      body: '{}',
    });
    expect(wrong.status).toBe(401);
    const forged = await fetch(relayUrl, {
      method: 'POST',
      headers: {
        ...signed,
        'webhook-id': 'msg_1',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,AAAA',
      },
      body: '{}',
    });
    expect(forged.status).toBe(401);
    const large = await fetch(relayUrl, {
      method: 'POST',
      headers: signed,
      body: 'x'.repeat(200 * 1024),
    });
    expect(large.status).toBe(413);
    expect(chat.kept.length).toBeLessThanOrEqual(1);
  });
});
