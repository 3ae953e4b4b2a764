/**
 * What the target tells one worker of the run about an account (its budget, a 429, a request answered) every other
 * worker (a thread of the same process) learns at once: otherwise each would spend the account's window on its own
 * and meet its own 429s.
 */
import { BroadcastChannel } from 'node:worker_threads';
import type { LimitModel } from './limit-inference.ts';
import type { Hold } from './state.ts';

export type News =
  | { kind: 'budget'; account: string; remaining: number; resetAtMs: number; limit?: number }
  /** `models`: the limits the target could have, read by the thread the 429 came to, where it shows no budget. */
  | {
      kind: 'refusal';
      account: string;
      atMs: number;
      blockedUntilMs: number;
      resetAtMs?: number;
      models?: readonly LimitModel[];
      /** Whether the models are like those another account's 429s read (refusals.ts: limitsLike). */
      alike?: boolean;
    }
  | { kind: 'answered'; account: string; accepted: boolean; atMs: number; counted: boolean }
  /**
   * Accepted answers counted in a batch, and when those the target counted came: no word on the budget (they may be
   * older than the last 429).
   */
  | { kind: 'counted'; account: string; count: number; times: number[] }
  | { kind: 'probe'; account: string; untilMs: number }
  | { kind: 'owed'; account: string; count: number }
  /** A thread's hold on the account's calls (see Hold); a count of 0 ends it. */
  | ({ kind: 'hold'; account: string; holder: number } & Hold);

/** How news leaves this thread for the run's other workers, and comes from them. */
export interface NewsChannel {
  post(news: News): void;
  listen(learn: (news: News) => void): void;
  close(): void;
}

/** The channel every worker thread of the process shares (messages between threads come some 10 ms late). */
export function broadcastNews(): NewsChannel {
  const channel = new BroadcastChannel('teamchat-conformance:rate-budget');
  channel.unref();
  let open = true; // a batch of counts due after the run ended in this thread goes nowhere
  return {
    post: (news) => {
      if (open) channel.postMessage(news);
    },
    listen: (learn) => {
      channel.onmessage = (event) => learn((event as { data: News }).data);
    },
    close: () => {
      open = false;
      channel.close();
    },
  };
}
