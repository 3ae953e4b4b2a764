/**
 * Pacing objects for unit tests (helpers/http/pacing/): a fake clock, counters of their own, and an in-memory channel
 * between them that stands for the run's worker threads (news arrives at once, in order).
 */
import { SharedCells } from '../../helpers/http/pacing/cells.ts';
import type { News, NewsChannel } from '../../helpers/http/pacing/news-types.ts';
import { Pacing } from '../../helpers/http/pacing/pacing.ts';
import { FakeClock } from './fake-clock.ts';

export interface PacingWorld {
  clock: FakeClock;
  cells: SharedCells;
  /** The pacing of the thread under test (thread 1). */
  p: Pacing;
  /** The pacing of another worker of the run (thread `thread`), sharing the clock, counters and news. */
  worker(thread: number): Pacing;
  /** Every piece of news told between the workers, in order. */
  heard: News[];
}

/** A run's pacing world; `cells` and `clock` of another to stand for a later run in the same process. */
export function pacingWorld({
  clock = new FakeClock(),
  cells = new SharedCells({ share: false }),
}: {
  clock?: FakeClock;
  cells?: SharedCells;
} = {}): PacingWorld {
  const heard: News[] = [];
  const listeners = new Map<NewsChannel, (news: News) => void>();
  const channel = (): NewsChannel => {
    const self: NewsChannel = {
      post: (news) => {
        heard.push(news);
        for (const [other, learn] of listeners) if (other !== self) learn(structuredClone(news));
      },
      listen: (learn) => listeners.set(self, learn),
      close: () => listeners.delete(self),
    };
    return self;
  };
  const worker = (thread: number) => new Pacing({ clock, cells, channel: channel(), thread });
  return { clock, cells, p: worker(1), worker, heard };
}

/** Reset headers: `remaining` left, the window whole again `inMs` from `now`. */
export const shown = (remaining: number, now: number, inMs = 60_000, limit?: number) => ({
  'x-ratelimit-remaining': String(remaining),
  'x-ratelimit-reset': String((now + inMs) / 1000),
  ...(limit === undefined ? {} : { 'x-ratelimit-limit': String(limit) }),
});
