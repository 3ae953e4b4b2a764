/** The one place that writes a run's reports, all from its results: conformance.json, .md, .html, junit.xml, Allure's. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeAllure } from './allure.ts';
import { toHtml } from './html.ts';
import { toJunit } from './junit.ts';
import { toMarkdown } from './markdown.ts';
import type { RunResults } from './results.ts';

export function writeReports(reportDir: string, results: RunResults): void {
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(join(reportDir, 'conformance.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(reportDir, 'conformance.md'), toMarkdown(results));
  writeFileSync(join(reportDir, 'conformance.html'), toHtml(results));
  writeFileSync(join(reportDir, 'junit.xml'), toJunit(results));
  writeAllure(join(reportDir, 'allure-results'), results);
}
