/** The Allure side of a check: its labels (clause, level, endpoint, section, feature level), and its evidence. */
import * as allure from 'allure-js-commons';
import type { Clause } from '../clauses/types.ts';
import type { CheckRecord } from './record.ts';

const SEVERITY = { MUST: 'critical', SHOULD: 'normal', MAY: 'minor' } as const;

export async function label(clause: Clause): Promise<void> {
  await allure.labels(
    { name: 'clause', value: clause.id },
    { name: 'level', value: clause.level },
    { name: 'endpoint', value: clause.endpoint },
    { name: 'section', value: clause.section },
    ...(clause.since !== undefined ? [{ name: 'featureLevel', value: String(clause.since) }] : []),
    ...(clause.deprecatedAt !== undefined ? [{ name: 'deprecatedAt', value: String(clause.deprecatedAt) }] : []),
  );
  if (clause.deprecatedAt !== undefined) await allure.tag('deprecated');
  await allure.epic(clause.section);
  await allure.feature(clause.endpoint);
  await allure.severity(SEVERITY[clause.level]);
  await allure.tag(clause.level);
}

export async function attachEvidence(record: CheckRecord): Promise<void> {
  await allure.label('outcome', record.outcome);
  if (record.exchanges?.length) {
    await allure.attachment('exchanges.json', JSON.stringify(record.exchanges, null, 2), 'application/json');
  }
  if (record.curl) await allure.attachment('reproduce.sh', record.curl, 'text/plain');
  if (record.notes?.length) await allure.attachment('notes.txt', record.notes.join('\n'), 'text/plain');
}
