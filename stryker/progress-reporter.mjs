/**
 * Stryker reporter plugin `mutant-log`: appends every tested mutant to `reports/mutation/mutants.jsonl` as soon as
 * its result is known, so that a long run can be read while it runs (`npm run mutation:summary` reads this file
 * when the run's mutation.json is not there yet, or is older).
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';

export const MUTANT_LOG = 'reports/mutation/mutants.jsonl';

export class MutantLogReporter {
  static inject = [];

  constructor() {
    mkdirSync(dirname(MUTANT_LOG), { recursive: true });
    writeFileSync(MUTANT_LOG, '');
  }

  onMutantTested(result) {
    const { id, mutatorName, replacement, location, status, statusReason, coveredBy, killedBy } = result;
    const line = {
      id,
      fileName: relative(process.cwd(), result.fileName).split('\\').join('/'),
      mutatorName,
      replacement,
      location,
      status,
      statusReason,
      static: result.static,
      coveredBy,
      killedBy,
    };
    appendFileSync(MUTANT_LOG, `${JSON.stringify(line)}\n`);
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, 'mutant-log', MutantLogReporter)];
