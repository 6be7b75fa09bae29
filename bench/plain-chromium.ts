import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from '../e2e/chromium.ts';

// Chromium driven over the DevTools protocol with nothing attached but the page: for the
// figures Playwright itself would skew. Playwright attaches a debugger session to every
// worker a page starts, pausing it until the driver answers and enabling its runtime, which
// in this app delays pdf.js's worker (and so a review's first page) by about 100 ms that no
// reviewer's browser spends. Only what a measurement needs is here.

/** With Playwright's own switches that keep a headless page from being throttled as hidden. */
const SWITCHES = [
  '--headless',
  ...CHROMIUM_ARGS,
  '--disable-field-trial-config',
  '--disable-back-forward-cache',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--hide-scrollbars',
  '--mute-audio',
];

interface Message {
  id?: number;
  method?: string;
  sessionId?: string;
  result?: unknown;
  params?: Record<string, unknown>;
  error?: { message: string };
}

export interface PlainPage {
  /** Navigates and resolves once the new document's DOMContentLoaded has fired. */
  goto(url: string): Promise<void>;
  /** Evaluates `expression` in the page, awaiting a promise it returns. */
  evaluate<T>(expression: string): Promise<T>;
  /** A DevTools protocol command in this page's session (throttling, network, cookies). */
  send<T>(method: string, params?: object): Promise<T>;
  /** Calls `listener` with each protocol event of this page's session; returns the remover. */
  on(listener: (method: string, params: Record<string, unknown>) => void): () => void;
}

export async function plainChromium(executablePath: string) {
  const profile = mkdtempSync(join(tmpdir(), 'attest-bench-chromium-'));
  const chromium = spawn(
    executablePath,
    [...SWITCHES, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let said = '';
    chromium.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      const found = /DevTools listening on (ws:\S+)/.exec(said);
      if (found?.[1]) resolve(found[1]);
    });
    chromium.once('exit', (code) => reject(new Error(`chromium exited with ${code}: ${said}`)));
  });
  const socket = new WebSocket(endpoint);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });

  let lastId = 0;
  const answers = new Map<number, (message: Message) => void>();
  const listeners = new Set<(message: Message) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as Message;
    if (message.id !== undefined) answers.get(message.id)?.(message);
    else for (const listener of listeners) listener(message);
  });
  const send = <T>(method: string, params: object = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = (lastId += 1);
      answers.set(id, (message) => {
        answers.delete(id);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result as T);
      });
      socket.send(JSON.stringify({ id, method, params, sessionId }));
    });

  /** A page in a fresh browser context, `initScript` run in every document before its own. */
  async function newPage(
    viewport: { width: number; height: number },
    initScript: () => void,
  ): Promise<PlainPage> {
    const { browserContextId } = await send<{ browserContextId: string }>(
      'Target.createBrowserContext',
    );
    const { targetId } = await send<{ targetId: string }>('Target.createTarget', {
      url: 'about:blank',
      browserContextId,
    });
    const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    await send('Page.enable', {}, sessionId);
    await send(
      'Emulation.setDeviceMetricsOverride',
      { ...viewport, deviceScaleFactor: 1, mobile: false },
      sessionId,
    );
    await send('Page.addScriptToEvaluateOnNewDocument', { source: `(${initScript})()` }, sessionId);
    return {
      async goto(url) {
        const loaded = new Promise<void>((resolve) => {
          const listener = (message: Message) => {
            if (message.sessionId !== sessionId || message.method !== 'Page.domContentEventFired')
              return;
            listeners.delete(listener);
            resolve();
          };
          listeners.add(listener);
        });
        const { errorText } = await send<{ errorText?: string }>(
          'Page.navigate',
          { url },
          sessionId,
        );
        if (errorText) throw new Error(`${url}: ${errorText}`);
        await loaded;
      },
      async evaluate<T>(expression: string) {
        const { result, exceptionDetails } = await send<{
          result: { value: T };
          exceptionDetails?: { text: string };
        }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, sessionId);
        if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.text}`);
        return result.value;
      },
      send: (method, params) => send(method, params, sessionId),
      on(listener) {
        const forward = (message: Message) => {
          if (message.sessionId === sessionId && message.method)
            listener(message.method, message.params ?? {});
        };
        listeners.add(forward);
        return () => listeners.delete(forward);
      },
    };
  }

  async function close() {
    socket.close();
    const exited = new Promise((resolve) => chromium.once('exit', resolve));
    chromium.kill();
    await exited;
    rmSync(profile, { recursive: true, force: true });
  }

  return { newPage, close };
}
