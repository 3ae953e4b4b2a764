/**
 * The model of two channels' topics under a sequence of operations: where each message of the sequence is (its
 * channel and topic, or deleted), and the places each message has been in. The commands (commands/) change it as
 * the contract says the operation changes the server, then check the server shows the same.
 */
import type fc from 'fast-check';
import type { CheckContext } from '../../../helpers/checks/context.ts';
import type { Role } from '../../../helpers/roles.ts';
import type { NarrowForms } from '../../messages/narrows.ts';
import type { Kind } from './judging.ts';

/** The sequence's own topic names (t0, t1); then #EMPTY_NAME: the empty topic, or a third name (t2) where none. */
export const ORDINARY_NAMES = 2;
export const EMPTY_NAME = ORDINARY_NAMES;

/** A channel of the sequence (its index in TopicReal.channelIds) and a topic in it. */
export interface Place {
  readonly channel: number;
  readonly topic: string;
}

export interface TopicModel {
  /** Message id → where it is now (the server matches topics case-insensitively; the names here never clash). */
  readonly places: Map<number, Place>;
  /** Message id → every place it has been in, the current one last. */
  readonly history: Map<number, Place[]>;
  readonly deleted: Set<number>;
  /** Message id → when its send was asked and answered (this machine's clock, ms): how old it may be (see ages). */
  readonly sent: Map<number, Sent>;
  /**
   * Set once the server departed in a transition whose clause has already failed, and the model could not follow it
   * (judging.ts, follow): the model no longer says what the server holds, and the rest of the sequence is not run.
   */
  offModel?: string;
  /** How often the model has taken the server's word after a departure already reported (see follow). */
  followed?: number;
}

/**
 * When a message's send was asked (start) and answered (end), in ms of this machine's clock, and its place among the
 * exploration's sends (`n`): the sends go one after another, each answered before the next is asked, so their order is
 * the server's order of the messages ("following", "oldest"), which their ids need not follow.
 */
export interface Sent {
  readonly start: number;
  readonly end: number;
  readonly n: number;
}

let sends = 0;
/** A send's place among the exploration's sends (Sent.n). */
export const nextSend = () => ++sends;

/** `ids` in the order they were sent: the server's order of messages. */
export const inSendOrder = (model: Pick<TopicModel, 'sent'>, ids: Iterable<number>): number[] =>
  [...ids].sort((a, b) => model.sent.get(a)!.n - model.sent.get(b)!.n);

/**
 * The move time limit the sequences run under, for those it holds (the movers other than administrators and
 * moderators): set once old messages were sent, and proven passed for them by a probe the target refused to move.
 */
export interface TimeLimit {
  /** The limit set within a channel, in seconds (the limit between channels is the target's, or another check's). */
  readonly seconds: number;
  /** When the probe's steps began: every message sent before is too old for a mover the limit holds. */
  readonly probedFrom: number;
  /**
   * From the probe's first send to its refusal, plus a second for send times kept in whole seconds (ms): a message at
   * least this old is older than the probe was when refused, so too old whatever grace the target adds.
   */
  readonly tooOldMs: number;
  /** The movers the limit holds. */
  readonly holds: ReadonlySet<Role>;
  /** Messages sent before the probe, the exploration's own, to be brought into the sequences' topics: taken in turn. */
  readonly old: { id: number; sent: Sent }[];
  /**
   * The old messages' topic, in the second channel: the first then holds only the sequences' messages, whose topic
   * deletions remove its oldest message (see DeleteTopicCommand).
   */
  readonly oldTopic: string;
}

/**
 * Which of `ids` a move asked at `asked` and answered at `answered` surely takes past the time limit, and which it
 * may (their age, as the target reckons it, may fall either side of the limit and its grace). The rest are surely
 * within the limit: younger than it, less a second for send times kept in whole seconds.
 */
export function ages(
  model: Pick<TopicModel, 'sent'>,
  limit: TimeLimit,
  ids: readonly number[],
  { asked, answered }: { asked: number; answered: number },
): { tooOld: number[]; unsure: number[] } {
  const tooOld: number[] = [];
  const unsure: number[] = [];
  for (const id of ids) {
    const sent = model.sent.get(id);
    if (!sent)
      unsure.push(id); // not sent by the sequence (never: every message is)
    else if (sent.end <= limit.probedFrom || asked - sent.end >= limit.tooOldMs) tooOld.push(id);
    else if (answered - sent.start >= (limit.seconds - 1) * 1000) unsure.push(id);
  }
  return { tooOld, unsure };
}

export interface TopicReal {
  readonly ctx: CheckContext;
  /** The two channels of the run's own the sequences use (both hold the senders, the lookers, the movers and the marker). */
  readonly channelIds: readonly [number, number];
  /**
   * The sequence's topic names (unresolved), fresh for each sequence; the last is the empty topic ("") where the
   * channels take it (see emptyTopic).
   */
  readonly names: readonly string[];
  /**
   * The realm's empty-topic display name where the sequence's channels take the empty topic (topics_policy
   * allow_empty_topic, and a display name to name it by), else null. Moves and topic deletions name the empty topic
   * by it (the contract reads it as the empty string there); sends spell it each way the contract allows.
   */
  readonly emptyTopic: string | null;
  /** A fresh topic of the first channel no command names, where the epilogue gathers every message. */
  readonly spare: string;
  /** Sends the sequence's messages (subscribed). */
  readonly sender: Role;
  /**
   * Read back and match narrows (subscribed): whichever is least spent at each read, since reading is most of a
   * sequence's requests and any subscriber reads alike.
   */
  readonly lookers: readonly Role[];
  /**
   * Marks topics read: an account no check mutes with (a mute marks messages read) and that sends none of the
   * sequence's messages (a sender's own are read), subscribed to both channels.
   */
  readonly marker: Role;
  /** Whether the target's read-backs carry the caller's flags (the contract leaves them not shown): learnt once. */
  readonly flags: { shown?: boolean };
  /**
   * Why the event a topic deletion sends is not judged, once learnt: the target's queues (POST /register, a set-up
   * operation) or its channel listing could not be used.
   */
  readonly events: {
    unavailable?: string;
    /**
     * Set once an event did not come within the usual wait: the shrinking's runs then wait this long (ms) for it, not
     * ten seconds each, to show the same absence.
     */
    shortWaitMs?: number;
  };
  /**
   * Deletes topics (only administrators may), and moves where the administrator is the mover drawn: an administrator,
   * at each call the one with most budget left where both may (see administrators in setup.ts).
   */
  readonly admin: () => Role;
  /**
   * Moves where the member is the mover drawn: at each call whichever of the members the limits hold (both, where the
   * run has both) has most budget left.
   */
  readonly member: () => Role;
  /**
   * Who moves and resolves, drawn per step: the administrator, and where the realm could be set so (see
   * moverCandidates in setup.ts) a member and the moderator, all allowed to with no time limit.
   */
  readonly movers: readonly Role[];
  /** The move time limit the movers other than administrators and moderators are held to; null where none is set. */
  readonly timeLimit: TimeLimit | null;
  /** The names of the two channels, by the same index: a narrow may name a channel so (see narrows). */
  readonly channelNames: readonly [string, string];
  /**
   * The narrow forms the target takes (suites/messages/narrows.ts), or why a narrow of a place (a channel and a
   * topic) cannot be built: then the narrow steps judge nothing, and their clause ends with that error.
   */
  readonly narrows: { readonly forms: NarrowForms } | { readonly unavailable: Error };
  /** Transitions whose clauses have failed already: their departures are not reported again (see judging). */
  readonly settled: ReadonlySet<Kind>;
  /** Steps judged so far in the exploration, by transition (shared by its sequences). */
  readonly judged: Record<Kind, number>;
}

/** A step of a sequence: a command over the model and the real two channels. */
export type TopicCommand = fc.AsyncCommand<TopicModel, TopicReal>;

export const newModel = (): TopicModel => ({
  places: new Map(),
  history: new Map(),
  deleted: new Set(),
  sent: new Map(),
});

export const samePlace = (a: Place, b: Place) =>
  a.channel === b.channel && a.topic.toLowerCase() === b.topic.toLowerCase();

/** The live messages of a place, oldest first. */
export const messagesIn = (model: TopicModel, where: Place): number[] =>
  inSendOrder(
    model,
    [...model.places].filter(([, p]) => samePlace(p, where)).map(([id]) => id),
  );

/** The places that hold messages now, in order of their oldest message. */
export const livePlaces = (model: TopicModel): Place[] => {
  const seen: Place[] = [];
  for (const id of inSendOrder(model, model.places.keys())) {
    const p = model.places.get(id)!;
    if (!seen.some((s) => samePlace(s, p))) seen.push(p);
  }
  return seen;
};

/** How a place reads in a step: `t0`-like names are the sequence's; the channel by its index. */
export const describePlace = (p: Place) =>
  `${p.topic === '' ? 'the empty topic' : JSON.stringify(p.topic)} of channel #${p.channel}`;

/**
 * Whether a topic read back is the model's: names compare case-insensitively, and the empty topic may read back as
 * "" or as the display name (a read-back's spelling of it is not the contract's: see TOPIC-RULE-001).
 */
export function sameTopic(real: Pick<TopicReal, 'emptyTopic'>, readBack: unknown, want: string): boolean {
  if (typeof readBack !== 'string') return false;
  if (want === '') return readBack === '' || (real.emptyTopic !== null && readBack === real.emptyTopic);
  return readBack.toLowerCase() === want.toLowerCase();
}

/** How an edit or a topic deletion names a topic: the empty topic by the display name (read as "" there). */
export const named = (real: Pick<TopicReal, 'emptyTopic'>, topic: string) => (topic === '' ? real.emptyTopic! : topic);

export function place(model: TopicModel, id: number, where: Place): void {
  model.places.set(id, where);
  const was = model.history.get(id) ?? [];
  if (!was.length || !samePlace(was[was.length - 1]!, where)) model.history.set(id, [...was, where]);
}

export function remove(model: TopicModel, id: number): void {
  model.places.delete(id);
  model.deleted.add(id);
}
