// The GitHub Action and the example workflow: valid YAML, every input documented and used, the flags they pass
// accepted by the command line.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseCommand } from '../../helpers/cli/args.ts';
import { ACCOUNT_VARS } from '../../helpers/config/schema.ts';

const action = parse(readFileSync('action.yml', 'utf8'));
const workflow = parse(readFileSync('examples/github-actions.yml', 'utf8'));

describe('action.yml', () => {
  it('is a composite action whose inputs all reach the command', () => {
    expect(action.runs.using).toBe('composite');
    const run = action.runs.steps.find((s: { id?: string }) => s.id === 'run');
    for (const name of Object.keys(action.inputs)) {
      if (name === 'report-artifact') continue; // used by the upload step
      expect(JSON.stringify(run.env), name).toContain(`inputs.${name}`);
    }
    expect(JSON.stringify(action.runs.steps.at(-1))).toContain('inputs.report-artifact');
  });

  it('passes only flags the command accepts', () => {
    const command = parseCommand([
      '--profile',
      'quick',
      '--report-dir',
      '/tmp/r',
      '--target',
      'http://x',
      '--expected-failures',
      'e.json',
      '--baseline',
      'b.json',
      '--shard',
      '1/4',
    ]);
    expect(command.kind).toBe('run');
  });

  it('is documented in the README, input by input', () => {
    const readme = readFileSync('README.md', 'utf8');
    for (const name of Object.keys(action.inputs)) expect(readme, name).toContain(`\`${name}\``);
  });
});

describe('examples/github-actions.yml', () => {
  it('has a pull-request job, a nightly matrix of shards and a merge job with a baseline', () => {
    expect(Object.keys(workflow.jobs)).toEqual(['pull-request', 'nightly', 'merge']);
    expect(workflow.jobs.nightly.strategy.matrix.shard.length).toBeGreaterThan(1);
    expect(JSON.stringify(workflow.jobs.merge.steps)).toMatch(
      /merge --report-dir merged --baseline .* --update-baseline/,
    );
  });

  it('passes every account variable from secrets', () => {
    expect(Object.keys(workflow.env).sort()).toEqual(ACCOUNT_VARS.filter((v) => !v.endsWith('_PASSWORD')).sort());
  });
});

describe('examples/zulip-server.yml', () => {
  const text = readFileSync('examples/zulip-server.yml', 'utf8');
  const zulip = parse(text);
  const run = zulip.jobs.zulip.steps.find((s: { name?: string }) => s.name === 'Run the suite');

  it("says it is an example this project's CI does not run", () => {
    expect(text.split('\n')[0]).toMatch(/^# AN EXAMPLE, NOT RUN BY THIS PROJECT'S CI/);
  });

  it("runs the suite with Zulip's expected failures, flags the command accepts", () => {
    const args = run.run.replace(/^npm run conformance -- /, '').split(' ');
    expect(args).toContain('fixtures/expected-failures/zulip.json');
    expect(parseCommand(args).kind).toBe('run');
  });

  it('configures every role: six accounts with passwords here, the bot from the step that creates it', () => {
    const humans = ACCOUNT_VARS.filter((v) => !v.startsWith('BOT_') && !v.endsWith('_API_KEY'));
    expect(
      Object.keys(run.env)
        .filter((k) => k.endsWith('_EMAIL') || k.endsWith('_PASSWORD'))
        .sort(),
    ).toEqual(humans.sort());
    expect(text).toContain('BOT_EMAIL=');
    expect(text).toContain('BOT_API_KEY=');
  });
});
