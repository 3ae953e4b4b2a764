/** The one place that writes a run's own reports: conformance.json, .md and .html (junit and Allure are vitest's). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toHtml } from './html.ts';
import { toMarkdown } from './markdown.ts';
import type { RunResults } from './results.ts';

export function writeReports(reportDir: string, results: RunResults): void {
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(join(reportDir, 'conformance.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(reportDir, 'conformance.md'), toMarkdown(results));
  writeFileSync(join(reportDir, 'conformance.html'), toHtml(results));
}
