/**
 * `npm run mutation:summary` (and the end of `npm run mutation`): the mutation score and the undetected mutants
 * grouped by route, from Stryker's report (reports/mutation/mutation.json), or, while a run is still going, from
 * its mutant log (reports/mutation/mutants.jsonl). Writes every undetected mutant to reports/mutation/survivors.md.
 * `--all` prints every group and every mutant instead of the top ones; `--report-dir DIR` reads another run's reports.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { endpointKey, formatSummary, type MutantRecord, summarize } from '../stryker/summary.ts';
import { CLAUSES } from '../suites/catalog.ts';

const root = resolve(import.meta.dirname, '..');
const dirFlag = process.argv.indexOf('--report-dir');
const dir = dirFlag > 0 ? resolve(process.argv[dirFlag + 1] ?? '.') : join(root, 'reports/mutation');
const reportFile = join(dir, 'mutation.json');
const logFile = join(dir, 'mutants.jsonl');

interface StrykerReport {
  files: Record<string, { source: string; mutants: Omit<MutantRecord, 'fileName'>[] }>;
}

function load(): { mutants: MutantRecord[]; sources: Map<string, string>; from: string } {
  const sources = new Map<string, string>();
  const fresh =
    existsSync(reportFile) && (!existsSync(logFile) || statSync(reportFile).mtimeMs >= statSync(logFile).mtimeMs);
  if (fresh) {
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as StrykerReport;
    const mutants: MutantRecord[] = [];
    for (const [fileName, file] of Object.entries(report.files)) {
      sources.set(fileName, file.source);
      for (const m of file.mutants) mutants.push({ ...m, fileName });
    }
    return { mutants, sources, from: reportFile };
  }
  if (!existsSync(logFile)) throw new Error(`no mutation report: run npm run mutation first (${reportFile})`);
  const mutants = readFileSync(logFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MutantRecord);
  // The sources of the run's project (reports/mutation is two levels below it), not this checkout's.
  const project = resolve(dir, '../..');
  for (const m of mutants) {
    const path = join(project, m.fileName);
    if (!sources.has(m.fileName) && existsSync(path)) sources.set(m.fileName, readFileSync(path, 'utf8'));
  }
  return { mutants, sources, from: `${logFile} (the run is not finished: partial)` };
}

const all = process.argv.includes('--all');
const { mutants, sources, from } = load();
const summary = summarize(mutants, sources, new Set(CLAUSES.map((c) => endpointKey(c.endpoint))));
console.log(`from ${from}`);
console.log(
  formatSummary(summary, sources, all ? { groups: Infinity, perGroup: Infinity } : { groups: 25, perGroup: 3 }),
);
writeFileSync(
  join(dir, 'survivors.md'),
  `# Undetected mutants\n\n\`\`\`\n${formatSummary(summary, sources, { groups: Infinity, perGroup: Infinity })}\n\`\`\`\n`,
);
console.log(`every undetected mutant: ${join(dir, 'survivors.md')}`);
