// Bad input, operation by operation — contract: Errors (envelope and codes) over every operation of Endpoints,
// with each operation's parameter table (contract/) as the source of what a request can get wrong.

import {
  keyOf,
  OPERATIONS,
  type Operation,
  operation,
  type Probe,
  paramOf,
  probesFor,
  probeVerdict,
  sampleProbes,
  takesBadInput,
} from '../../contract/index.ts';
import { checksIn } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { fail } from '../../helpers/checks/matchers.ts';
import { sharesState } from '../../helpers/checks/shared-state.ts';
import { NotApplicable } from '../../helpers/errors.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import { toCurl } from '../../helpers/http/exchange.ts';
import { mustPassControls, senderOf, setUpProbes, sharedBy } from './probe-setups.ts';

const { group, check } = checksIn(import.meta.url);

/**
 * Only what the target's feature level has: an older server may ignore a later parameter, as it should, and leaving
 * out a parameter required only from a later level is no error there.
 */
function existsAt(op: Operation, probe: Probe, level: number | null): boolean {
  if (level === null) return true;
  const param = paramOf(op, probe.param);
  const since = [op.since, param?.since, probe.kind === 'missing' ? param?.requiredSince : undefined];
  return since.every((s) => s === undefined || s <= level);
}

interface Departure {
  res: ApiResponse;
  message: string;
}

/**
 * Sends the clause's operation (its endpoint) its controls, the valid bases once each, which must be accepted (else
 * the probe set is a set-up error, never a pass: a server refusing the base for another reason would refuse every
 * probe), then the profile's probes, then reads back that nothing changed.
 */
async function probe(ctx: CheckContext): Promise<void> {
  const { endpoint } = ctx.clause;
  const op = operation(endpoint);
  const { who, setup } = await setUpProbes(ctx, op);
  const { caller } = who;
  const settings = Object.fromEntries(
    Object.entries(ctx.world.realm.raw).filter((e): e is [string, number] => typeof e[1] === 'number'),
  );
  const level = ctx.world.featureLevel;
  const all = probesFor(op, () => setup.bases, { settings }).filter((p) => existsAt(op, p, level));
  // Nightly every variant, full every probed parameter, quick one of each of two kinds drawn by the check's seed.
  // On the quick profile a clause the expected-failures file lists goes on past its sample with the full profile's
  // probes until one departs, so that the departure it names is met again (a sample that left it out would pass: an
  // unexpected pass that says nothing of the target); the first departure ends it.
  const sampled = sampleProbes(all, ctx.world.profile, ctx.seed);
  const untilDeparture = ctx.world.profile === 'quick' && ctx.world.expectedFailures[ctx.clause.id] !== undefined;
  const probes = untilDeparture
    ? [...sampled, ...sampleProbes(all, 'full', ctx.seed).filter((p) => !sampled.includes(p))]
    : sampled;
  if (!probes.length) throw new NotApplicable(`no parameter of ${endpoint} exists at feature level ${level}`);
  await mustPassControls(op, setup, op.auth === 'none' ? ctx.anonymous : ctx.as(senderOf(op, who)));

  const departures: Departure[] = [];
  const recorded: string[] = [];
  let acceptedAny = false;
  const sentProbes: typeof probes = [];
  for (const p of probes) {
    sentProbes.push(p);
    const client =
      op.auth === 'none' ? ctx.anonymous : ctx.as(p.caller === 'administrator' ? who.administrator() : caller);
    const res = await client.request(p.request.method, p.request.path, p.request.params);
    ctx.count('bad-input probes sent');
    if (res.body?.result === 'success') {
      acceptedAny = true;
      setup.accepted?.(res);
    }
    const { verdict, message } = probeVerdict(p, { status: res.status, body: res.body });
    if (verdict === 'departs') departures.push({ res, message });
    else if (verdict !== 'conforms') recorded.push(message);
    if (untilDeparture && departures.length > 0) break;
  }
  const leftChanged = setup.readBack ? await setup.readBack(acceptedAny) : [];
  setup.done?.();

  const sent = sentProbes.length === 1 ? '1 bad-input probe' : `${sentProbes.length} bad-input probes`;
  ctx.note(`${sent} sent (${ctx.world.profile} profile): ${sentProbes.map((p) => p.label).join('; ')}`);
  // Recorded, not judged: a code the contract does not fix (most invalid values), a finer code than BAD_REQUEST,
  // a parameter the target says it does not support (it predates it).
  for (const r of recorded) ctx.note(r);
  const first = departures[0];
  if (first || leftChanged.length) {
    const lines = [...departures.map((d) => `  - ${d.message}`), ...leftChanged.map((l) => `  - ${l}`)];
    const what = `${departures.length} of ${sentProbes.length} bad-input probes of ${endpoint} departed${
      leftChanged.length ? ', and a refused probe left a change behind' : ''
    }:\n${lines.join('\n')}`;
    fail(first?.res, first ? `${what}\n  first offending request: ${toCurl(first.res.exchange)}` : what);
  }
}

group('Bad input to every operation', () => {
  // Some set-ups take a turn on shared state (probe-setups.ts: the mute controls mute as the guest or the bot, as other
  // runs' do; the edit controls need the realm's edit settings as they are): the file declares what they share, and
  // holds the run's lease on it from the first of those operations' checks, so that two runs never mute the same
  // user as the same caller at once nor edit under each other's settings.
  const sharing = OPERATIONS.filter(takesBadInput).filter((op) => sharedBy([op]).length > 0);
  const shares = (id: string) => sharing.some((op) => id === `BAD-${op.clauses}-001`);
  sharesState(sharedBy(sharing), { from: shares });
  // BAD-*: one clause per operation that takes parameters a request can get wrong, in the contract's order. The rule
  // is the Errors section's over every operation: a request the contract cannot accept gets the error envelope and
  // changes nothing; the probes come from the operation's parameter table (contract/).
  for (const op of OPERATIONS.filter(takesBadInput))
    check(
      `BAD-${op.clauses}-001`,
      `MUST refuse a call of ${keyOf(op)} with a missing, malformed or out-of-range parameter with the error envelope ` +
        '(never a success, a 5xx or a body that is no JSON object), and leave nothing changed',
      { section: `${op.n}. ${op.title}; Errors`, endpoint: keyOf(op) },
      probe,
    );
});
