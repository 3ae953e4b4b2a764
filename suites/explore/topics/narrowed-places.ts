/**
 * Finding the messages of a place at once: GET /messages/matches_narrow (operation 5) with the place's narrow over
 * its messages and, as a control, a live message elsewhere (where there is none, a narrow of a topic none is in
 * must match none of them). Only ever a confirmation: where the narrows do not say that every message is there and
 * the control is not, each message is read back alone (GET /messages/{id}), and that answer decides. A server whose narrows are wrong then costs reads, never a verdict on a move; its narrows are judged
 * by the narrow steps (EXPLORE-003). A place holding many messages costs one request instead of one each.
 */
import { lightestOf } from '../../../helpers/checks/actors.ts';
import { channelTerm, topicTerm } from '../../messages/narrows.ts';
import { type Place, samePlace, type TopicModel, type TopicReal } from './model.ts';

/** The messages of `ids` that the narrow of their place confirms there (the rest are to be read back alone). */
export async function confirmedByNarrows(model: TopicModel, real: TopicReal, ids: readonly number[]) {
  const confirmed = new Set<number>();
  if (!('forms' in real.narrows)) return confirmed;
  const { forms } = real.narrows;
  const groups = new Map<string, { where: Place; ids: number[] }>();
  for (const id of ids) {
    const where = model.places.get(id);
    // How a narrow's operand names the empty topic is not shown: its messages are read back alone.
    if (!where || where.topic === '') continue;
    const key = `${where.channel}\u0000${where.topic}`;
    groups.set(key, { where, ids: [...(groups.get(key)?.ids ?? []), id] });
  }
  for (const { where, ids: group } of groups.values()) {
    // A single message costs a request either way.
    if (group.length < 2) continue;
    const channel = { id: real.channelIds[where.channel]!, name: real.channelNames[where.channel]! };
    const narrowOf = (topic: string) => [channelTerm(forms, channel), topicTerm(forms, topic)];
    const matchesOf = async (msgIds: number[], topic: string) => {
      const res = await real.ctx
        .as(lightestOf(real.ctx, real.lookers, group[0]!))
        .get('/messages/matches_narrow', { msg_ids: msgIds, narrow: narrowOf(topic) });
      const matched = res.body?.result === 'success' ? res.body.messages : undefined;
      return matched !== null && typeof matched === 'object' ? (matched as object) : undefined;
    };
    // The control: a message elsewhere in the same request; else, where every message is here, a topic none is in.
    const control = [...model.places].find(([, p]) => !samePlace(p, where))?.[0];
    const matched = await matchesOf(control === undefined ? group : [...group, control], where.topic);
    if (!matched || !group.every((id) => String(id) in matched)) continue;
    if (control !== undefined ? String(control) in matched : !(await matchesNone(group, matchesOf))) continue;
    for (const id of group) confirmed.add(id);
  }
  return confirmed;
}

/** Whether a narrow of a topic no message was ever sent to matches none of `ids`. */
async function matchesNone(
  ids: number[],
  matchesOf: (ids: number[], topic: string) => Promise<object | undefined>,
): Promise<boolean> {
  const matched = await matchesOf(ids, `nowhere-${ids[0]}`);
  return matched !== undefined && ids.every((id) => !(String(id) in matched));
}
