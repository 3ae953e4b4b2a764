/**
 * The model of one channel's topics under a sequence of operations: where each message of the sequence is (its
 * topic, or deleted), and the topics each message has been in. The commands (commands.ts) change it as the contract
 * says the operation changes the server, then check the server shows the same.
 */
import type { CheckContext } from '../../../helpers/checks/context.ts';
import type { Role } from '../../../helpers/roles.ts';
import type { Kind } from './commands.ts';

export interface TopicModel {
  /** Message id → its topic now (the server matches topics case-insensitively; the names here never clash). */
  readonly topics: Map<number, string>;
  /** Message id → every topic it has been in, the current one last. */
  readonly history: Map<number, string[]>;
  readonly deleted: Set<number>;
  /**
   * Set once the server departed in a transition whose clause has already failed: the model no longer says what the
   * server holds, and the rest of the sequence is not run (it would only repeat that departure under other names).
   */
  offModel?: string;
}

export interface TopicReal {
  readonly ctx: CheckContext;
  readonly channelId: number;
  /** The sequence's topic names (unresolved), fresh for each sequence. */
  readonly names: readonly string[];
  /** A fresh topic no command names, where the epilogue gathers every message before deleting it. */
  readonly spare: string;
  /** Sends and reads back (subscribed). */
  readonly reader: Role;
  /** Moves, resolves and deletes topics: an administrator (no time limit or group setting keeps it from them). */
  readonly admin: Role;
  /** `channel` from feature level 250, `stream` before. */
  readonly channelOperator: 'channel' | 'stream';
  /** Steps judged so far in the exploration, by transition (shared by its sequences). */
  readonly judged: Record<Kind, number>;
}

export const newModel = (): TopicModel => ({ topics: new Map(), history: new Map(), deleted: new Set() });

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The live messages of a topic, oldest first. */
export const messagesIn = (model: TopicModel, topic: string): number[] =>
  [...model.topics]
    .filter(([, t]) => same(t, topic))
    .map(([id]) => id)
    .sort((a, b) => a - b);

/** The topics that hold messages now, in order of their oldest message. */
export const liveTopics = (model: TopicModel): string[] => {
  const seen: string[] = [];
  for (const id of [...model.topics.keys()].sort((a, b) => a - b)) {
    const t = model.topics.get(id)!;
    if (!seen.some((s) => same(s, t))) seen.push(t);
  }
  return seen;
};

export function place(model: TopicModel, id: number, topic: string): void {
  model.topics.set(id, topic);
  const was = model.history.get(id) ?? [];
  if (!was.length || !same(was[was.length - 1]!, topic)) model.history.set(id, [...was, topic]);
}

export function remove(model: TopicModel, id: number): void {
  model.topics.delete(id);
  model.deleted.add(id);
}
