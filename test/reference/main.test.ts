// The command line: `npm run reference -- --port N [--host H] [--faults a,b]`.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCli } from '../../reference/cli.ts';

const MAIN = fileURLToPath(new URL('../../reference/main.ts', import.meta.url));

function run(args: string[]): {
  child: ChildProcess;
  done: Promise<{ code: number | null; out: string; err: string }>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    err += chunk;
  });
  const done = new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    child.on('close', (code) => resolve({ code, out, err }));
  });
  return { child, done };
}

describe('parseCli', () => {
  it('reads --port, --host and --faults, with defaults', () => {
    expect(parseCli([])).toEqual({
      kind: 'run',
      options: { port: 9991, host: '127.0.0.1', faults: [], variants: [], production: false },
    });
    expect(parseCli(['--production'])).toMatchObject({ kind: 'run', options: { production: true } });
    expect(parseCli(['--edit-grace', '20'])).toMatchObject({ kind: 'run', options: { editGraceSeconds: 20 } });
    expect(parseCli(['--edit-grace', 'soon'])).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/--edit-grace/),
    });
    expect(parseCli(['--feature-level', '185'])).toMatchObject({ kind: 'run', options: { featureLevel: 185 } });
    for (const bad of ['0', '9999', 'old'])
      expect(parseCli(['--feature-level', bad])).toMatchObject({
        kind: 'error',
        message: expect.stringMatching(/--feature-level/),
      });
    expect(parseCli(['--port=0', '--host', '0.0.0.0', '--faults', 'drafts-no-event, auth-bot-key-refused'])).toEqual({
      kind: 'run',
      options: {
        port: 0,
        host: '0.0.0.0',
        faults: ['drafts-no-event', 'auth-bot-key-refused'],
        variants: [],
        production: false,
      },
    });
    expect(parseCli(['--variants', 'extra-fields,ids-large'])).toMatchObject({
      kind: 'run',
      options: { variants: ['extra-fields', 'ids-large'] },
    });
    expect(parseCli(['--variants', 'no-such'])).toMatchObject({ kind: 'error', message: /unknown variant.*no-such/s });
    expect(parseCli(['--variants', 'delete-topic-all-at-once,delete-topic-one-per-request'])).toMatchObject({
      kind: 'error',
      message: /cannot be combined/,
    });
    expect(parseCli(['--help'])).toMatchObject({ kind: 'help', text: expect.stringContaining('drafts-no-event') });
  });

  it('explains bad flags', () => {
    const cases: [string[], RegExp][] = [
      [['--port', 'abc'], /--port/],
      [['--port', '70000'], /--port/],
      [['--port'], /port/],
      [['--faults', 'drafts-oldest-first,no-such-fault'], /no-such-fault[\s\S]*known faults: .*drafts-oldest-first/],
      [['--bogus'], /bogus/],
      [['extra'], /extra/],
      [['--host', ' '], /--host/],
    ];
    for (const [argv, message] of cases)
      expect(parseCli(argv), argv.join(' ')).toMatchObject({ kind: 'error', message });
  });
});

// The two child processes run side by side.
describe.concurrent('reference/main.ts', () => {
  it('exits 2 with the message on bad flags', async () => {
    const { code, err } = await run(['--port', 'abc']).done;
    expect(code).toBe(2);
    expect(err).toMatch(/--port must be[\s\S]*usage: npm run reference/);
  });

  it('prints where it listens, serves, and stops on SIGTERM', async () => {
    const { child, done } = run(['--port', '0', '--faults', 'envelope-msg-on-success']);
    const line = await new Promise<string>((resolve, reject) => {
      let seen = '';
      child.stdout?.on('data', (chunk) => {
        seen += chunk;
        if (seen.includes('\n')) resolve(seen.split('\n')[0]!);
      });
      child.on('close', () => reject(new Error(`exited before listening: ${seen}`)));
    });
    const match = /^reference server listening on (http:\/\/127\.0\.0\.1:\d+) \(realm "Zulip Dev"\)$/.exec(line);
    expect(match, line).not.toBeNull();
    const res = await fetch(`${match![1]}/api/v1/dev_fetch_api_key`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'hamlet@zulip.com' }),
    });
    expect(await res.json()).toMatchObject({ result: 'success', msg: 'OK' });
    child.kill('SIGTERM');
    expect((await done).code).toBe(0);
  });
});
