// Configuration is documented once, in the same order, in .env.example and docs/command-line.md.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_VARS, SETTINGS } from '../../helpers/config/schema.ts';

const VARIABLES = [...Object.keys(SETTINGS), ...ACCOUNT_VARS];

describe('configuration docs', () => {
  it('.env.example lists every variable, in order, and nothing else', () => {
    const listed = [...readFileSync('.env.example', 'utf8').matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect(listed).toEqual(VARIABLES);
  });

  it('docs/command-line.md documents every variable, in the same order', () => {
    const page = readFileSync('docs/command-line.md', 'utf8');
    const start = page.search(/^\|\s*variable\s*\|/m);
    const table = page.slice(start, page.indexOf('\n\n', start));
    expect(start, 'the configuration table').toBeGreaterThan(0);
    const documented = [...table.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]).filter((v) => VARIABLES.includes(v!));
    expect(documented).toEqual(VARIABLES);
  });

  it('README.md opens with the two commands', () => {
    const readme = readFileSync('README.md', 'utf8');
    const opening = readme.slice(0, 300);
    expect(opening).toContain('npm ci && npm run conformance');
    expect(opening).toContain('npm ci && npm test');
  });

  it('.ci/run runs the README test command', () => {
    expect(readFileSync('.ci/run', 'utf8')).toMatch(/^npm ci$[\s\S]*^npm test$/m);
  });
});
