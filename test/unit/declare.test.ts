// A clause is declared by its check: the catalogue's reading of suite files (helpers/clauses/declare.ts, check.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { declaredIn } from '../../helpers/clauses/declare.ts';

const CHECK_TS = pathToFileURL(join(process.cwd(), 'helpers/checks/check.ts')).href;
const dir = mkdtempSync(join(tmpdir(), 'declare-'));
let n = 0;

/** A suite file in a temporary folder, named as if it were suites/<area>/<name> (its clauses' file and area). */
function suiteFile(area: string, name: string, body: string): string {
  const path = join(dir, `${n++}-${name}`);
  const as = pathToFileURL(join(process.cwd(), 'suites', area, name)).href;
  writeFileSync(
    path,
    `import { checksIn } from '${CHECK_TS}';\nconst { group, check } = checksIn('${as}');\n${body}\n`,
  );
  return path;
}

const pass = 'async () => {}';

describe('declaring clauses', () => {
  it('takes the level from the sentence, the operation from the group, the file and area from the suite file', async () => {
    const file = suiteFile(
      'drafts',
      'post-drafts.test.ts',
      `group('POST /drafts: timestamps', () => {
         check('X-001', 'SHOULD keep the time', { section: 'S', since: 999 }, ${pass});
         check('X-002', 'MAY do more', { section: 'S', endpoint: 'GET /drafts' }, ${pass});
       });
       group('Envelope', () => check('X-003', 'MUST answer', { section: 'S' }, ${pass}));`,
    );
    const clauses = await declaredIn([file]);
    expect(clauses).toEqual([
      {
        id: 'X-001',
        level: 'SHOULD',
        title: 'keep the time',
        section: 'S',
        endpoint: 'POST /drafts',
        since: 999,
        area: 'drafts',
        file: 'suites/drafts/post-drafts.test.ts',
      },
      expect.objectContaining({ id: 'X-002', level: 'MAY', endpoint: 'GET /drafts', since: 87 }),
      expect.objectContaining({ id: 'X-003', level: 'MUST', endpoint: '*' }),
    ]);
  });

  it('refuses a sentence that does not lead with its level', async () => {
    const file = suiteFile(
      'drafts',
      'a.test.ts',
      `group('GET /drafts', () => check('X-004', 'return', { section: 'S' }, ${pass}));`,
    );
    await expect(declaredIn([file])).rejects.toThrow(/X-004: its sentence must start with its level/);
  });

  it('refuses a clause checked twice, and a suite file that declares nothing', async () => {
    const one = suiteFile(
      'drafts',
      'b.test.ts',
      `group('GET /drafts', () => check('X-005', 'MUST a', { section: 'S' }, ${pass}));`,
    );
    const two = suiteFile(
      'typing',
      'c.test.ts',
      `group('POST /typing', () => check('X-005', 'MUST b', { section: 'S' }, ${pass}));`,
    );
    await expect(declaredIn([one, two])).rejects.toThrow(
      'X-005 is checked twice: in suites/drafts/b.test.ts and in suites/typing/c.test.ts',
    );
    const empty = suiteFile('drafts', 'd.test.ts', '');
    await expect(declaredIn([empty])).rejects.toThrow(/declared no clause/);
  });

  it('refuses a check outside a group that does not name its operation', async () => {
    const file = suiteFile('drafts', 'e.test.ts', `check('X-006', 'MUST a', { section: 'S' }, ${pass});`);
    await expect(declaredIn([file])).rejects.toThrow('X-006: name its operation');
  });
});
