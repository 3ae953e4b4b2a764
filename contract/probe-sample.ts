/** Choosing probes for a run (profiles, reproducible by seed), and judging a target's answer to one. */
import fc from 'fast-check';
import { isServerErrorStatus, RULES, type RuleLevel } from './judge.ts';
import type { Probe } from './probes.ts';

export type Profile = 'quick' | 'full' | 'nightly';

/** Kinds of probe the quick profile sends each operation (a pull request's run, within one window of a rate limit). */
export const QUICK_KINDS = 2;

/**
 * The probes of a profile, reproducible by seed: `full` has one probe of each kind for each target (every probed
 * parameter at least once), `nightly` every variant, `quick` one of `full`'s probes of each of QUICK_KINDS kinds (a
 * missing parameter, broken JSON, a rule…) for each operation, kinds and probes drawn by the seed, so that successive
 * runs cover the others.
 */
export function sampleProbes(probes: readonly Probe[], profile: Profile, seed: number): Probe[] {
  if (profile === 'nightly') return [...probes];
  const full = probes.filter((p) => p.variant === 0);
  if (profile === 'full') return full;
  const groups = new Map<string, Probe[]>();
  for (const p of full) {
    const key = `${p.operation} ${p.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const picked = [...groups.values()].flatMap((group, i) =>
    fc.sample(probeArbitrary(group), { seed: seed + i, numRuns: 1 }),
  );
  const byOperation = new Map<string, Probe[]>();
  for (const p of picked) byOperation.set(p.operation, [...(byOperation.get(p.operation) ?? []), p]);
  const kept = new Set(
    [...byOperation.values()].flatMap((kinds, i) =>
      kinds.length <= QUICK_KINDS
        ? kinds
        : fc.sample(fc.shuffledSubarray(kinds, { minLength: QUICK_KINDS, maxLength: QUICK_KINDS }), {
            seed: seed - i - 1,
            numRuns: 1,
          })[0]!,
    ),
  );
  return picked.filter((p) => kept.has(p));
}

/** An arbitrary over the given probes, for `fc.assert` properties (shrinks towards the first). */
export const probeArbitrary = (probes: readonly Probe[]): fc.Arbitrary<Probe> => fc.constantFrom(...probes);

export type ProbeVerdict =
  /** Refused with the code the probe names (or any code, where none is named). */
  | 'conforms'
  /** Refused with a more specific code (Zulip's REQUEST_VARIABLE_MISSING …): a SHOULD-level note at most. */
  | 'refined'
  /** Refused with a code the contract does not fix for this case (invalid values: "not shown"): accepted. */
  | 'other-code'
  /**
   * Accepted, with the parameter listed in `ignored_parameters_unsupported`: the target predates it (Versioning),
   * so the probe says nothing of it; recorded, not judged.
   */
  | 'unsupported'
  | 'departs';

/** How an answer to a probe measures up; `message` says why for anything but `conforms`. */
export function probeVerdict(
  probe: Probe,
  answer: { status?: number; body: unknown },
): { verdict: ProbeVerdict; message: string } {
  const body = answer.body as { result?: unknown; msg?: unknown; code?: unknown } | null | undefined;
  const enveloped = typeof body === 'object' && body !== null && !Array.isArray(body) && 'result' in body;
  if (!enveloped && probe.expect.notFoundAccepted && answer.status === 404) return { verdict: 'conforms', message: '' };
  // A server error is never the answer to a client's mistake, whatever its body says: the rule RESP-* judges every
  // answer by, at its one level (contract/judge.ts).
  const level: RuleLevel = RULES['envelope.error-server-status'].level;
  if (isServerErrorStatus(answer.status) && level === 'MUST') {
    return { verdict: 'departs', message: `${probe.label}: answered with HTTP ${answer.status}, a server error` };
  }
  if (!enveloped) {
    return {
      verdict: 'departs',
      message: `${probe.label}: wanted the error envelope, got a body that is no JSON object with a result`,
    };
  }
  const ignored = (body as { ignored_parameters_unsupported?: unknown }).ignored_parameters_unsupported;
  if (body.result === 'success' && Array.isArray(ignored) && ignored.includes(probe.param)) {
    return {
      verdict: 'unsupported',
      message: `${probe.label}: ${probe.param} is not supported by the target (ignored)`,
    };
  }
  if (body.result !== 'error') {
    return {
      verdict: 'departs',
      message: `${probe.label}: wanted a refusal, got result ${JSON.stringify(body.result)}`,
    };
  }
  if (typeof body.msg !== 'string' || typeof body.code !== 'string') {
    return { verdict: 'departs', message: `${probe.label}: an error without a string msg and code` };
  }
  const { code } = probe.expect;
  if (code === undefined || body.code === code) return { verdict: 'conforms', message: '' };
  if (probe.expect.refinements.includes(body.code as string)) {
    return { verdict: 'refined', message: `${probe.label}: code ${String(body.code)}, a refinement of ${code}` };
  }
  const message = `${probe.label}: code ${JSON.stringify(body.code)}, wanted ${code}`;
  return { verdict: probe.expect.codeFixed ? 'departs' : 'other-code', message };
}
