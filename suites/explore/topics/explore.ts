/**
 * Exploring beyond the profile (EXPLORE_MINUTES): the sequences' property run again and again with fresh seeds until
 * the time is up, every failure shrunk, and each distinct one kept once with the command that replays it.
 */
import fc from 'fast-check';
import type { CheckContext } from '../../../helpers/checks/context.ts';
import { ConformanceAssertion } from '../../../helpers/checks/matchers.ts';
import { replayArgument } from '../../../helpers/checks/record.ts';
import { deriveSeed } from '../../../helpers/checks/seeds.ts';
import { findCause } from '../../../helpers/errors.ts';
import { type Kind, TransitionFailure } from './judging.ts';

export interface Found {
  /** The transition whose step saw the departure (undefined: a departure outside the steps' judgements). */
  kind: Kind | undefined;
  /** The failing step and what was wanted, ids and names left out: two failures alike are one. */
  signature: string;
  report: string;
  exchange: ConformanceAssertion['exchange'];
}

/**
 * The profile's sequences (the check's own seed), then rounds with seeds derived from it until `minutes` have
 * passed, each round's property from `propertyFor` (which may settle the transitions found failing so far). Returns
 * the distinct failures, in the order found.
 */
export async function explore(
  ctx: CheckContext,
  propertyFor: (round: number, found: readonly Found[]) => fc.IAsyncProperty<unknown>,
  params: fc.Parameters<unknown>,
  minutes: number,
  clauseOf: (kind: Kind | undefined) => string,
): Promise<Found[]> {
  const found = new Map<string, Found>();
  const deadline = Date.now() + minutes * 60_000;
  for (let round = 0; round === 0 || Date.now() < deadline; round++) {
    const seed = round === 0 ? params.seed! : deriveSeed(params.seed!, `explore-${round}`);
    const details = await fc.check(propertyFor(round, [...found.values()]), { ...params, seed });
    if (!details.failed) continue;
    const error = findCause(details.errorInstance, ConformanceAssertion) ?? details.errorInstance;
    const message = error instanceof Error ? error.message : String(error);
    const signature = signatureOf(message);
    if (found.has(signature)) continue;
    const kind = findCause(details.errorInstance, TransitionFailure)?.kind;
    // What every property failure's replay line gives (seed, path and the steps that ran), as record.ts reads it.
    const argument =
      replayArgument(fc.defaultReportMessage(details) ?? '') ?? `${details.seed}:${details.counterexamplePath}`;
    const replay = `npm run conformance -- --only ${clauseOf(kind)} --profile ${ctx.world.profile} --replay=${argument}`;
    found.set(signature, {
      kind,
      signature,
      report: `${message}\nreplay: ${replay}`,
      exchange: error instanceof ConformanceAssertion ? error.exchange : undefined,
    });
  }
  return [...found.values()];
}

/** The line that says what went wrong, without the run's names and the ids, which differ from one failure to another. */
export function signatureOf(message: string): string {
  const line = message.split('\n').find((l) => l.startsWith('after ')) ?? message.split('\n')[0] ?? '';
  return line.replace(/cf-[a-z0-9]+-[\w-]*/g, 'cf-…').replace(/\d+/g, 'N');
}
