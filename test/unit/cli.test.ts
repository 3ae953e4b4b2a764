import { describe, expect, it } from 'vitest';
import { replayArgument } from '../../helpers/checks/record.ts';
import { parseCommand } from '../../helpers/cli/args.ts';
import { globToRegExp, select } from '../../helpers/cli/select.ts';
import { CLAUSES } from '../../suites/catalog.ts';

describe('command line', () => {
  it('maps flags onto configuration variables', () => {
    const cmd = parseCommand([
      '--target',
      'https://chat.example.com',
      '--profile',
      'quick',
      '--seed',
      '7',
      '--report-dir',
      'out',
      '--expected-failures',
      'x.json',
      '--max-rps',
      '5',
      '--allow-realm-changes',
    ]);
    expect(cmd).toMatchObject({
      kind: 'run',
      overrides: {
        TARGET_URL: 'https://chat.example.com',
        PROFILE: 'quick',
        SEED: '7',
        REPORT_DIR: 'out',
        EXPECTED_FAILURES: 'x.json',
        MAX_RPS: '5',
        ALLOW_REALM_CHANGES: 'true',
      },
    });
  });

  it("turns fast-check's report into the --replay argument", () => {
    expect(replayArgument('Property failed\n{ seed: -5, path: "0:2", endOnFailure: true }')).toBe('-5:0:2');
    expect(
      replayArgument('{ seed: 9, path: "0:1:0:0", endOnFailure: true }\nCounterexample: [move /*replayPath="BGC:F"*/]'),
    ).toBe('9:0:1:0:0@BGC:F');
    expect(replayArgument('no property here')).toBeUndefined();
  });

  it('reads selections, shards, replays and baselines', () => {
    expect(parseCommand(['--only', 'drafts,AUTH-*', '--only', 'GET /drafts'])).toMatchObject({
      only: ['drafts', 'AUTH-*', 'GET /drafts'],
    });
    expect(parseCommand(['--shard', '2/3'])).toMatchObject({ shard: { index: 2, count: 3 } });
    expect(parseCommand(['--replay=-12:0:4:1'])).toMatchObject({ replay: { seed: -12, path: '0:4:1' } });
    // A sequence's: the steps that ran too (fast-check's replayPath), without which its shrinks differ.
    expect(parseCommand(['--replay=7:0:1:0:0@BGC:F'])).toMatchObject({
      replay: { seed: 7, path: '0:1:0:0', replayPath: 'BGC:F' },
    });
    expect(parseCommand(['--replay=7:0@:'])).toMatchObject({ replay: { seed: 7, path: '0', replayPath: ':' } });
    expect(parseCommand(['--baseline', 'b.json', '--update-baseline'])).toMatchObject({
      baseline: 'b.json',
      updateBaseline: true,
    });
    expect(parseCommand(['merge', 'a', 'b', '--report-dir', 'm'])).toEqual({
      kind: 'merge',
      inputs: ['a', 'b'],
      reportDir: 'm',
      updateBaseline: false,
    });
    expect(parseCommand(['merge', 'a', '--baseline', 'b.json', '--update-baseline'])).toMatchObject({
      baseline: 'b.json',
      updateBaseline: true,
    });
    expect(parseCommand(['--list'])).toEqual({ kind: 'list', only: [] });
    expect(parseCommand(['--list', '--only', 'drafts'])).toEqual({ kind: 'list', only: ['drafts'] });
    expect(parseCommand(['--list-faults'])).toEqual({ kind: 'list-faults' });
    expect(parseCommand(['-h'])).toEqual({ kind: 'help' });
  });

  it('explains bad flags', () => {
    for (const [args, message] of [
      [['--shard', '0/2'], /--shard/],
      [['--shard', 'x'], /--shard/],
      [['--replay', 'abc'], /--replay/],
      [['--update-baseline'], /--baseline/],
      [['--nope'], /nope/],
      [['suites/drafts'], /positional|Unexpected argument/i],
      [['merge'], /report directories/],
    ] as const) {
      const cmd = parseCommand(args);
      expect(cmd.kind, args.join(' ')).toBe('error');
      expect((cmd as { message: string }).message).toMatch(message);
    }
  });
});

describe('--only', () => {
  it('selects by clause id or glob, endpoint and area, and loads only their files', () => {
    expect([...select(['DRAFTS-LIST-00?'], CLAUSES).ids]).toHaveLength(4);
    const byEndpoint = select(['get /drafts'], CLAUSES);
    expect([...byEndpoint.ids].every((id) => /^(RESP-)?DRAFTS-LIST-/.test(id))).toBe(true);
    expect(byEndpoint.ids.has('RESP-DRAFTS-LIST-001')).toBe(true);
    expect(byEndpoint.files).toEqual(['suites/drafts/get-drafts.test.ts']);
    const byArea = select(['auth'], CLAUSES);
    expect(byArea.files).toEqual([
      'suites/auth/authentication.test.ts',
      'suites/auth/post-fetch_api_key.test.ts',
      'suites/conventions/bad-input.test.ts',
    ]);
  });

  it("gives an area its operations' RESP-* and BAD-* clauses, and no other area's", () => {
    const drafts = [...select(['drafts'], CLAUSES).ids];
    expect(drafts).toEqual(
      expect.arrayContaining(['RESP-DRAFTS-CREATE-001', 'RESP-DRAFTS-LIST-001', 'BAD-DRAFTS-CREATE-001']),
    );
    // AUTH-004 and EXPLORE-008 call POST /drafts too, yet the operation is the drafts area's.
    expect(drafts.filter((id) => !/^(RESP-|BAD-)?DRAFTS-/.test(id))).toEqual([]);
    expect([...select(['auth'], CLAUSES).ids].filter((id) => /^(RESP|BAD)-/.test(id)).sort()).toEqual([
      'BAD-FETCHKEY-001',
      'RESP-FETCHKEY-001',
    ]);
  });

  it('reports selectors that match nothing', () => {
    expect(select(['NOPE-*', 'drafts'], CLAUSES).unmatched).toEqual(['NOPE-*']);
  });

  it('treats only * and ? as wildcards', () => {
    expect(globToRegExp('A.B-*').test('A.B-1')).toBe(true);
    expect(globToRegExp('A.B-*').test('AxB-1')).toBe(false);
  });
});

describe('configuration mistakes', () => {
  it('name an unknown fault in one line, pointing at the list', async () => {
    const { ConfigError, loadConfig } = await import('../../helpers/config/load.ts');
    const { referenceOptionProblems } = await import('../../reference/options.ts');
    let error: unknown;
    try {
      loadConfig({ REFERENCE_FAULTS: 'drafts-oldest-first,nope' }, referenceOptionProblems);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      'configuration error: REFERENCE_FAULTS: unknown fault(s) nope (--list-faults lists them)',
    );
  });
});
