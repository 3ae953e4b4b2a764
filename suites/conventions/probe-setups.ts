/**
 * What the bad-input probes (BAD-*, bad-input.test.ts) and the authentication checks (AUTH-001..003,
 * authentication.test.ts) of each operation start from: a valid request built from the run's world (its own channel,
 * its own message, a token of its own), so that only the probe's one bad value, or the bad credentials, can be the
 * reason for a refusal; its control, a valid request sent once with good credentials before anything is judged, which
 * must be accepted (else the set-up failed: a server that refused everything for an unrelated reason would pass every
 * check of a refusal); what an accepted probe created, tracked to be undone; and a read-back that a refused probe
 * changed nothing. Set-up and read-back use the setup operations of TARGET.md; everything is named with the run
 * prefix.
 *
 * The control is the base request itself, unless its success spends what the base acts on: a group deactivates once,
 * a queue or a token goes once, a topic is deleted once, a profile field's name is taken once, an edited message is
 * no longer what the read-back compares with. Then the control is the same request on a twin made alike (a group, a
 * queue, a token, a topic, a name, a message of the run's own), and the base still names an object the request would
 * succeed on when the probes, or the requests with bad credentials, reach it: a lenient server that reads a probe's
 * bad value as the base's id acts on a live object, and shows it. A mute, which a setup operation undoes, is undone
 * right after its control instead.
 *
 * Each operation's set-up sits with its area (suites/<area>/probe-setup.ts), declares who calls it, and is registered
 * here by operation key: the table is typed over every key of the contract model, so that an operation without one
 * fails the typecheck. The unit tests build their valid requests with the same entries.
 */

import { fillPath, keyOf, type Operation, type OperationKey } from '../../contract/index.ts';
import { administratorOf } from '../../helpers/checks/actors.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import type { ApiClient, ApiResponse } from '../../helpers/http/client.ts';
import { setupFailure } from '../../helpers/http/setup-failure.ts';
import type { Role } from '../../helpers/roles.ts';
import { authSetups } from '../auth/probe-setup.ts';
import { channelSetups } from '../channels/probe-setup.ts';
import { draftSetups } from '../drafts/probe-setup.ts';
import { eventSetups } from '../events/probe-setup.ts';
import { messageSetups } from '../messages/probe-setup.ts';
import { pushSetups } from '../push/probe-setup.ts';
import { realmSetups } from '../realm/probe-setup.ts';
import { groupSetups } from '../user_groups/probe-setup.ts';
import { userSetups } from '../users/probe-setup.ts';
import type { Callers, ProbeSetup, ProbeSetupEntry, SetupUse } from './probe-setup-kit.ts';

/** Every operation's set-up, by its key. */
export const PROBE_SETUPS: Readonly<Record<OperationKey, ProbeSetupEntry>> = {
  ...messageSetups,
  ...channelSetups,
  ...userSetups,
  ...realmSetups,
  ...authSetups,
  ...groupSetups,
  ...draftSetups,
  ...pushSetups,
  ...eventSetups,
};

/** The operation's entry (every operation of the model has one: the table's type sees to it). */
export const probeSetupOf = (op: Operation): ProbeSetupEntry => PROBE_SETUPS[keyOf(op) as OperationKey];

/** The kinds of shared state (sharesState) the set-up of any of `ops` takes a turn on. */
export const sharedBy = (ops: readonly Operation[]): string[] => [
  ...new Set(ops.flatMap((op) => probeSetupOf(op).shares ?? [])),
];

/** Who sends an operation's controls and probes, as its entry declares it, where a check needs them. */
export function callersOf(ctx: CheckContext, op: Operation, use: SetupUse = {}): Callers {
  return { caller: probeSetupOf(op).caller(ctx, use), administrator: () => administratorOf(ctx) };
}

/** The operation's set-up, with its callers (see callersOf). */
export async function setUpProbes(
  ctx: CheckContext,
  op: Operation,
  use: SetupUse = {},
): Promise<{ who: Callers; setup: ProbeSetup }> {
  const who = callersOf(ctx, op, use);
  return { who, setup: await probeSetupOf(op).setUp(ctx, who, use) };
}

/** Who sends an operation's controls (with Basic credentials): an administrator where only they may, else the caller. */
export const senderOf = (op: Operation, who: Callers): Role =>
  op.callers === 'administrators' ? who.administrator() : who.caller;

/**
 * Sends the first `count` controls (all by default), each once, as `client`: each must be accepted, else the set-up
 * failed (SetupError, naming the control). Returns their answers, in order.
 */
export async function mustPassControls(
  op: Operation,
  setup: ProbeSetup,
  client: ApiClient,
  count = setup.controls.length,
): Promise<ApiResponse[]> {
  const answers: ApiResponse[] = [];
  for (const control of setup.controls.slice(0, count)) {
    const { pathParams, params } = control.request;
    const res = await client.request(op.method, fillPath(op, pathParams ?? {}), params);
    const accepted = control.accepts ? control.accepts.test(res) : res.body?.result === 'success';
    if (!accepted)
      throw setupFailure(
        res,
        control.accepts?.what,
        'the control: a valid request, to be accepted before any refusal is judged',
      );
    await control.after?.(res);
    answers.push(res);
  }
  return answers;
}
