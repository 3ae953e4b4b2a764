/**
 * Counters of each account that every worker thread of the process reads and changes at once (Atomics over one
 * SharedArrayBuffer): the requests of the account on their way, what the target's last answer said is left, and
 * until when a 429 holds the account back.
 * News between threads (news.ts) arrives a little late: near the end of a window two
 * threads deciding in the same instant each took the last call, and one met a 429 (several on an account as a
 * sliding log reopened). Here a request takes its call (`claim`) only if it is still free when it takes it.
 *
 * The buffer: each thread makes one as it makes its SharedCells (once, as it loads rate-budget.ts) and offers it to
 * the others; every thread keeps the one of the lowest thread id it has heard of (the main thread's, where the run
 * prepares its world), so that all share one within a message's time of starting, before any budget is near its end.
 * A thread's cells outlive its runs: a 429's hold names the run it is of (`runTagOf`).
 */
import { BroadcastChannel, threadId } from 'node:worker_threads';

/** Accounts a process can count: far more than a run's (seven roles, and a few it makes up). */
const CELLS = 256;
/**
 * Per cell: the account's key (a hash of its address, 0 while free), what is left plus one (0: not said), the requests
 * on their way, and since when one of them finds out whether the account is back (`startProbe`; 0: none does).
 */
const FIELDS = 4;
const KEY = 0;
const LEFT = 1;
const ON_THEIR_WAY = 2;
const PROBE = 3;

/**
 * After the counters, one 64-bit word per cell: until when a 429 holds the account back (ms since the epoch; 0: none
 * has). A 429's news reaches the last of a run's threads some milliseconds after it came, and a thread that had not
 * heard sent a request into the closed window meanwhile (another 429 on the same account).
 */
const BLOCKS_AT = CELLS * FIELDS * Int32Array.BYTES_PER_ELEMENT;

/** FNV-1a of the address, never 0 (a free cell's key). */
function keyOf(account: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < account.length; i++) h = Math.imul(h ^ account.charCodeAt(i), 0x01000193);
  return h | 0 || 1;
}

/** What the target's last answer (in any thread) said is left, from a cell's LEFT (0: no answer has said). */
const decodeLeft = (stored: number) => (stored === 0 ? undefined : stored - 1);

/** Seconds since 2020 (a probe's start fits an Int32 until 2088). */
const secondsOf = (ms: number) => Math.floor(ms / 1000) - 1_577_836_800;

/**
 * Bits of a hold's word that name the run it is of: the rest is its end (ms since the epoch, 42 bits until 2109).
 * A process may run one run after another, or several at once against other servers (the kill matrix): a 429 of
 * one run is no word on another's budget, and a hold left by an earlier run would hold the next one's requests back
 * until it ended (a minute, after a 429 of Zulip's).
 */
const RUN_BITS = 21n;
const RUN_MASK = (1n << RUN_BITS) - 1n;

/** A small tag of a run's id (never 0, the tag of requests outside any run). */
export function runTagOf(runId: string): number {
  return ((keyOf(runId) >>> 0) % Number(RUN_MASK)) + 1;
}

/** A claim on a call: where it was counted, so that it is given back there whatever buffer is shared by then. */
export interface Claim {
  cells: Int32Array;
  at: number;
}

type Word = { kind: 'ask' } | { kind: 'offer'; owner: number; buffer: SharedArrayBuffer };

/** The counters, shared with the other threads (`share`, the default) or this object's own (a unit test's). */
export class SharedCells {
  private cells = new Int32Array(
    new SharedArrayBuffer(BLOCKS_AT + CELLS * BigInt64Array.BYTES_PER_ELEMENT),
    0,
    CELLS * FIELDS,
  );
  private blocks = new BigInt64Array(this.cells.buffer, BLOCKS_AT, CELLS);
  private owner = threadId;
  /** Where each account's cell is in `cells` (found once; forgotten when another buffer is taken). */
  private readonly found = new Map<string, number>();

  constructor({ share = true }: { share?: boolean } = {}) {
    if (!share) return;
    const channel = new BroadcastChannel('teamchat-conformance:shared-cells');
    channel.unref();
    channel.onmessage = (event) => {
      const word = (event as { data: Word }).data;
      if (word.kind === 'ask')
        channel.postMessage({ kind: 'offer', owner: this.owner, buffer: this.cells.buffer } satisfies Word);
      else if (word.owner < this.owner) {
        this.cells = new Int32Array(word.buffer, 0, CELLS * FIELDS);
        this.blocks = new BigInt64Array(word.buffer, BLOCKS_AT, CELLS);
        this.owner = word.owner;
        this.found.clear();
      }
    };
    channel.postMessage({
      kind: 'offer',
      owner: this.owner,
      buffer: this.cells.buffer as SharedArrayBuffer,
    } satisfies Word);
    channel.postMessage({ kind: 'ask' } satisfies Word);
  }

  /** The account's cell (taken for it the first time, by whichever thread comes first). */
  private cellOf(account: string): number {
    return this.findCell(account, true)!;
  }

  /**
   * The account's cell, taken for it where none is yet (`take`), or undefined. Only a 429 takes a cell for its hold;
   * reading or clearing one takes none: a run answers for addresses it makes up, new in every run, and a process that
   * runs many (the kill matrix) has 256 cells.
   */
  private findCell(account: string, take: boolean): number | undefined {
    const known = this.found.get(account);
    if (known !== undefined) return known;
    const key = keyOf(account);
    const cells = this.cells;
    for (let i = 0; i < CELLS; i++) {
      const at = (((key >>> 0) + i) % CELLS) * FIELDS;
      const held = take ? Atomics.compareExchange(cells, at + KEY, 0, key) : Atomics.load(cells, at + KEY);
      if (held === key || (take && held === 0)) {
        this.found.set(account, at);
        return at;
      }
      if (held === 0) return undefined;
    }
    if (take) throw new Error(`more than ${CELLS} accounts counted in one process`);
    return undefined;
  }

  /** An answer said how much is left: before the request that had it counts as on its way no longer (`release`). */
  storeLeft(account: string, left: number): void {
    Atomics.store(this.cells, this.cellOf(account) + LEFT, Math.max(0, Math.trunc(left)) + 1);
  }

  /** Requests of the account on their way in every thread (each counted from `claim` to `release`). */
  onTheirWayOf(account: string): number {
    return Math.max(0, Atomics.load(this.cells, this.cellOf(account) + ON_THEIR_WAY));
  }

  /**
   * Counts a request of the account as on its way if `free(left, onTheirWay)` holds at the instant it is counted
   * (`left` undefined: no answer has said): undefined if it does not. With `free` omitted, counted whatever is left.
   */
  claim(account: string, free?: (left: number | undefined, onTheirWay: number) => boolean): Claim | undefined {
    const at = this.cellOf(account);
    const mine = this.cells;
    for (;;) {
      const going = Atomics.load(mine, at + ON_THEIR_WAY);
      if (free && !free(decodeLeft(Atomics.load(mine, at + LEFT)), Math.max(0, going))) return undefined;
      if (Atomics.compareExchange(mine, at + ON_THEIR_WAY, going, going + 1) === going) return { cells: mine, at };
    }
  }

  /** The claimed request came back (answered or lost). */
  release({ cells: mine, at }: Claim): void {
    Atomics.sub(mine, at + ON_THEIR_WAY, 1);
  }

  /**
   * Makes the request about to go the one that finds out whether the account is back, unless another is (one that
   * started `timeoutMs` ago or more is taken to have died): true if it is. Taken in one step, so that two threads
   * finding the account out of budget in the same instant do not both ask, and both meet a 429.
   */
  startProbe(account: string, timeoutMs: number, now: number): boolean {
    const at = this.cellOf(account) + PROBE;
    const since = Atomics.load(this.cells, at);
    if (since !== 0 && secondsOf(now) - since < Math.ceil(timeoutMs / 1000)) return false;
    return Atomics.compareExchange(this.cells, at, since, secondsOf(now)) === since;
  }

  /** The probe's answer came (or it was lost): another request may find out next. */
  endProbe(account: string): void {
    Atomics.store(this.cells, this.cellOf(account) + PROBE, 0);
  }

  /** The word of the account's cell in `blocks` (`take`: a cell taken for it where none is yet). */
  private blockOf(account: string, take: boolean): number | undefined {
    const at = this.findCell(account, take);
    return at === undefined ? undefined : at / FIELDS;
  }

  /**
   * A 429 holds the account back until `untilMs` in the run tagged `run`: every thread of that run sees it at once
   * (the later of two holds of one run stands; another run's is replaced).
   */
  storeBlockedUntil(account: string, untilMs: number, run = 0): void {
    const at = this.blockOf(account, true)!;
    const word = (BigInt(Math.ceil(untilMs)) << RUN_BITS) | BigInt(run);
    for (;;) {
      const held = Atomics.load(this.blocks, at);
      if ((held & RUN_MASK) === BigInt(run) && held >= word) return;
      if (Atomics.compareExchange(this.blocks, at, held, word) === held) return;
    }
  }

  /** Until when a 429 in any thread of the run tagged `run` holds the account back (ms; 0: none has). */
  sharedBlockedUntil(account: string, run = 0): number {
    const at = this.blockOf(account, false);
    if (at === undefined) return 0;
    const held = Atomics.load(this.blocks, at);
    return (held & RUN_MASK) === BigInt(run) ? Number(held >> RUN_BITS) : 0;
  }

  /** Forgets the account's hold in the run tagged `run` (a thread's next run, tests of the harness). */
  clearBlocked(account: string, run = 0): void {
    const at = this.blockOf(account, false);
    if (at === undefined) return;
    const held = Atomics.load(this.blocks, at);
    if ((held & RUN_MASK) === BigInt(run)) Atomics.compareExchange(this.blocks, at, held, 0n);
  }
}
