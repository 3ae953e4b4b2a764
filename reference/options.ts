/**
 * The reference judges the options it is started with: whoever passes them through (the suite's REFERENCE_*
 * settings, a test) reports these lines under its own names and never reads the catalogues itself.
 */
import { isFaultId } from './faults.ts';
import { FLAVOUR_NAMES, isFlavourName } from './flavours.ts';
import { serverLevelProblem } from './http/levels.ts';
import { variantsProblem } from './variants.ts';

export interface ReferenceOptionNames {
  readonly faults?: readonly string[];
  readonly variants?: readonly string[];
  readonly flavour?: string;
  readonly featureLevel?: number;
}

export type ReferenceOptionProblems = Partial<Record<keyof ReferenceOptionNames, string>>;

/** What is wrong with each option, by option; empty when the reference can start with them. */
export function referenceOptionProblems(options: ReferenceOptionNames): ReferenceOptionProblems {
  const problems: ReferenceOptionProblems = {};
  const unknownFaults = (options.faults ?? []).filter((f) => !isFaultId(f));
  if (unknownFaults.length) problems.faults = `unknown fault(s) ${unknownFaults.join(', ')}`;
  const variants = variantsProblem(options.variants ?? []);
  if (variants) problems.variants = variants;
  if (options.flavour !== undefined && !isFlavourName(options.flavour))
    problems.flavour = `unknown flavour "${options.flavour}" (known: ${FLAVOUR_NAMES.join(', ')})`;
  const level = options.featureLevel === undefined ? undefined : serverLevelProblem(options.featureLevel);
  if (level) problems.featureLevel = level;
  return problems;
}
