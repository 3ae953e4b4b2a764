/**
 * Event queues: one per registration, owned by a user, filtered by event type, with per-queue increasing ids.
 * Queues idle for `idleMs` (10 minutes, as in Zulip) are garbage-collected lazily on the next operation.
 */
import { randomBytes } from 'node:crypto';
import type { Faults } from '../faults.ts';
import { Variants } from '../variants.ts';
import { ApiError } from './errors.ts';

export interface EventBody {
  readonly type: string;
  readonly [field: string]: unknown;
}
export type QueuedEvent = EventBody & { readonly id: number };

export interface QueueOptions {
  /** null: every event type. */
  readonly eventTypes: readonly string[] | null;
  readonly clientCapabilities: Readonly<Record<string, unknown>>;
}

export interface Queue extends QueueOptions {
  readonly id: string;
  readonly userId: number;
  events: QueuedEvent[];
  nextEventId: number;
  lastActivity: number;
  /** Number of GET /events requests currently waiting on the queue (a waited-on queue is never idle). */
  pollers: number;
  readonly wakers: Set<() => void>;
}

export const QUEUE_IDLE_MS = 10 * 60 * 1000;

/** Variant `extra-event-fields`: the event and every record inside it carry fields of their own. */
function withExtraFields(event: EventBody): EventBody {
  const extend = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(extend);
    if (value === null || typeof value !== 'object') return value;
    const copy = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, extend(v)]));
    return { ...copy, cf_variant_note: 'an extra field', cf_variant_flags: [] };
  };
  return extend(event) as EventBody;
}

export class EventQueues {
  readonly #queues = new Map<string, Queue>();
  /** Explicitly deleted queue ids → their owner and when they were deleted (forgotten after the idle limit). */
  readonly #deleted = new Map<string, { readonly userId: number; readonly at: number }>();
  readonly #clock: () => number;
  readonly #faults: Faults;
  readonly #idleMs: number;
  readonly #variants: Variants;

  constructor(clock: () => number, faults: Faults, variants: Variants = Variants.none, idleMs = QUEUE_IDLE_MS) {
    this.#clock = clock;
    this.#faults = faults;
    this.#variants = variants;
    this.#idleMs = idleMs;
  }

  register(userId: number, options: QueueOptions): { queue_id: string; last_event_id: number } {
    this.gc();
    const id = this.#reusedId(userId) ?? randomBytes(12).toString('base64url');
    this.#queues.set(id, {
      ...options,
      id,
      userId,
      events: [],
      // Variant `event-ids-sparse`.
      nextEventId: this.#variants.has('event-ids-sparse') ? 1000 : 0,
      lastActivity: this.#clock(),
      pollers: 0,
      wakers: new Set(),
    });
    return { queue_id: id, last_event_id: -1 };
  }

  /** Delivers `event` to every queue of those users that accepts its type. */
  push(userIds: Iterable<number>, event: EventBody): void {
    this.gc();
    const users = new Set(userIds);
    for (const queue of this.#queues.values()) {
      if (!users.has(queue.userId)) continue;
      if (queue.eventTypes !== null && !queue.eventTypes.includes(event.type)) continue;
      this.#append(queue, event);
    }
  }

  /** Like `push`, but each queue gets its own event (or none, when `make` returns null). */
  pushPerQueue(userIds: Iterable<number>, type: string, make: (queue: Queue) => EventBody | null): void {
    this.gc();
    const users = new Set(userIds);
    for (const queue of this.#queues.values()) {
      if (!users.has(queue.userId)) continue;
      if (queue.eventTypes !== null && !queue.eventTypes.includes(type)) continue;
      const event = make(queue);
      if (event) this.#append(queue, event);
    }
  }

  /** Drops the events with id ≤ lastEventId and returns the rest. Throws BAD_EVENT_QUEUE_ID. */
  get(queueId: string, userId: number, lastEventId?: number): QueuedEvent[] {
    const queue = this.#owned(queueId, userId);
    queue.lastActivity = this.#clock();
    if (lastEventId !== undefined) queue.events = queue.events.filter((e) => e.id > lastEventId);
    return [...queue.events];
  }

  /** Resolves when an event arrives, after `timeoutMs`, or when `signal` aborts. Throws BAD_EVENT_QUEUE_ID. */
  async wait(queueId: string, userId: number, timeoutMs: number, signal: AbortSignal): Promise<void> {
    const queue = this.#owned(queueId, userId);
    if (queue.events.length > 0 || signal.aborted) return;
    queue.pollers += 1;
    try {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          queue.wakers.delete(done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        signal.addEventListener('abort', done);
        queue.wakers.add(done);
      });
    } finally {
      queue.pollers -= 1;
      queue.lastActivity = this.#clock();
    }
  }

  /** Adds a heartbeat event (bypassing the type filter) and returns it. Throws BAD_EVENT_QUEUE_ID. */
  heartbeat(queueId: string, userId: number): QueuedEvent {
    return this.#append(this.#owned(queueId, userId), { type: 'heartbeat' });
  }

  /** Fault `sequence-queue-id-reused`: a new queue takes the id of the user's queue deleted last. */
  #reusedId(userId: number): string | undefined {
    if (!this.#faults.has('sequence-queue-id-reused')) return undefined;
    const mine = [...this.#deleted].filter(([, d]) => d.userId === userId);
    const last = mine.at(-1)?.[0];
    if (last !== undefined) this.#deleted.delete(last);
    return last;
  }

  /** The user's live queue registered last (the faults that mistake it for the queue named). */
  newestOf(userId: number): Queue | undefined {
    return [...this.#queues.values()].filter((q) => q.userId === userId).at(-1);
  }

  delete(queueId: string, userId: number): void {
    const queue = this.#queues.get(queueId);
    // Fault `queue-delete-twice-succeeds`: a queue this user already deleted "deletes" again.
    if (!queue && this.#faults.has('queue-delete-twice-succeeds') && this.#deleted.get(queueId)?.userId === userId) {
      return;
    }
    const named = this.#owned(queueId, userId);
    // Fault `sequence-queue-delete-newest`: the user's newest queue goes, whichever was named.
    const owned = this.#faults.has('sequence-queue-delete-newest') ? (this.newestOf(userId) ?? named) : named;
    // Fault `queue-delete-fails`: refuse to delete a valid queue and keep it.
    if (this.#faults.has('queue-delete-fails')) throw this.#badQueueId(queueId);
    this.#queues.delete(owned.id);
    this.#deleted.set(owned.id, { userId, at: this.#clock() });
    for (const wake of owned.wakers) wake();
  }

  /** The ids of the live queues of a user. */
  queueIdsOf(userId: number): string[] {
    this.gc();
    return [...this.#queues.values()].filter((q) => q.userId === userId).map((q) => q.id);
  }

  /** Removes queues idle for longer than the idle limit. */
  gc(): void {
    const now = this.#clock();
    for (const queue of this.#queues.values()) {
      if (queue.pollers === 0 && now - queue.lastActivity > this.#idleMs) this.#queues.delete(queue.id);
    }
    for (const [id, { at }] of this.#deleted) if (now - at > this.#idleMs) this.#deleted.delete(id);
  }

  #append(queue: Queue, event: EventBody): QueuedEvent {
    // Variant `unrelated-events`: other events, which a client skips by type, come first.
    if (this.#variants.has('unrelated-events') && event.type !== 'heartbeat') {
      queue.events.push({
        type: 'presence',
        user_id: queue.userId,
        server_timestamp: this.#clock() / 1000,
        id: this.#nextEventId(queue),
      });
      queue.events.push({ type: 'heartbeat', id: this.#nextEventId(queue) });
    }
    const extra = this.#variants.has('extra-event-fields') ? withExtraFields(event) : event;
    const queued: QueuedEvent = { ...extra, id: this.#nextEventId(queue) };
    queue.events.push(queued);
    for (const wake of queue.wakers) wake();
    return queued;
  }

  #nextEventId(queue: Queue): number {
    const id = queue.nextEventId;
    // Variant `event-ids-sparse`.
    queue.nextEventId += this.#variants.has('event-ids-sparse') ? 10 : 1;
    return id;
  }

  #owned(queueId: string, userId: number): Queue {
    this.gc();
    const queue = this.#queues.get(queueId);
    if (!queue || queue.userId !== userId) throw this.#badQueueId(queueId);
    return queue;
  }

  #badQueueId(queueId: string): ApiError {
    // Fault `queue-error-without-queue-id` drops the field; fault `queue-id-echo-trimmed` mangles the echo.
    if (this.#faults.has('queue-error-without-queue-id')) {
      return new ApiError(400, 'BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queueId}`);
    }
    const echo = this.#faults.has('queue-id-echo-trimmed') ? queueId.trim().toLowerCase() : queueId;
    return new ApiError(400, 'BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queueId}`, { queue_id: echo });
  }
}
