/**
 * Transition-pair coverage: every ordered pair of command kinds (a kind names a command with its modifier, e.g.
 * "delete:newest") tried at least once in a run. Random sequences reach the rarer pairs seldom (the full profile's
 * three topic sequences judged four topic deletions in all), so each run first walks toward the pairs not yet
 * covered (nextKind), then adds random sequences on top.
 *
 * A fixed walk over all k² pairs (an Eulerian circuit of the complete graph with loops: k² + 1 steps) would be
 * shortest, but a kind cannot always follow another (no draft to delete right after the last one went): the walk is
 * chosen step by step on the model as it is, so that every pair a resource's states allow is reached.
 */

/** An ordered pair of kinds: "create:batch → delete:newest". */
const pairName = (from: string, to: string) => `${from} → ${to}`;

/** Which ordered pairs of kinds the steps a run took covered, and those it did not, with why. */
export class PairTally {
  private readonly covered = new Set<string>();
  private last: string | undefined;
  /** Why the pairs not covered were not (the walk's budget, where it had one). */
  unreached = 'not reached';

  constructor(readonly kinds: readonly string[]) {}

  /** A step of `kind` ran right after the previous one (a sequence's first step follows none). */
  step(kind: string): void {
    if (this.last !== undefined) this.covered.add(pairName(this.last, kind));
    this.last = kind;
  }

  /** A sequence ended: the next step follows none. */
  break(): void {
    this.last = undefined;
  }

  has(from: string, to: string): boolean {
    return this.covered.has(pairName(from, to));
  }

  /** The kind the last step was of (undefined at a sequence's start). */
  get previous(): string | undefined {
    return this.last;
  }

  /** How many ordered pairs are covered. */
  get size(): number {
    return this.covered.size;
  }

  /** Whether every pair of the kinds is covered. */
  get complete(): boolean {
    return this.covered.size === this.kinds.length ** 2;
  }

  /** Pairs out of `kind` not covered yet. */
  uncoveredFrom(kind: string): number {
    return this.kinds.filter((to) => !this.has(kind, to)).length;
  }

  /** The pairs of the kinds not covered. */
  missing(): string[] {
    return this.kinds.flatMap((from) => this.kinds.filter((to) => !this.has(from, to)).map((to) => pairName(from, to)));
  }

  /** "36 of 36 ordered pairs of 6 kinds covered", and the ones left out with why. */
  summary(): string {
    const total = this.kinds.length ** 2;
    const missing = this.missing();
    const head = `${total - missing.length} of ${total} ordered pairs of ${this.kinds.length} kinds covered`;
    if (!missing.length) return head;
    const some = `${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}`;
    return `${head}; left out: ${missing.length} (${this.unreached}: ${some})`;
  }
}

/**
 * The next kind of a covering walk, among those that can run on the model now (`feasible`, in the resource's order):
 * one that covers a new pair after the previous step; else one from which pairs are still uncovered, drawn by
 * `random` (seeded: a walk is replayed by its seed) so that the walk does not circle where the state keeps the
 * missing pairs out of reach; else any. Undefined when no kind can run.
 */
export function nextKind(tally: PairTally, feasible: readonly string[], random: () => number): string | undefined {
  const from = tally.previous;
  const fresh = from === undefined ? [] : feasible.filter((to) => !tally.has(from, to));
  if (fresh.length) return fresh[0];
  const onward = feasible.filter((k) => tally.uncoveredFrom(k) > 0);
  const pool = onward.length ? onward : feasible;
  return pool[Math.floor(random() * pool.length)];
}

/**
 * Among the kinds that cover a new pair after the previous step, the one with the most pairs into it left: a kind
 * that can seldom run (unresolving needs a resolved topic) is taken while it can, not after the others.
 */
export function rarestNext(tally: PairTally, feasible: readonly string[]): string | undefined {
  const from = tally.previous;
  if (from === undefined) return undefined;
  const into = (to: string) => tally.kinds.filter((k) => !tally.has(k, to)).length;
  let best: string | undefined;
  for (const to of feasible) if (!tally.has(from, to) && (best === undefined || into(to) > into(best))) best = to;
  return best;
}

/**
 * A covering walk of up to `steps` steps, each chosen once the one before has run (read the model then): among the
 * kinds `candidate` can make a step of now (undefined: none can run), one covering a new pair after the previous step
 * (rarestNext), else one drawn among the kinds with pairs left (nextKind). Ends once every pair is covered, or after
 * `stall` steps without a new one.
 */
export function* coveringWalk<C>(
  tally: PairTally,
  random: () => number,
  { steps, stall }: { steps: number; stall: number },
  candidate: (kind: string) => C | undefined,
): Generator<C> {
  let gained = { at: 0, size: tally.size };
  for (let n = 0; n < steps && !tally.complete && n - gained.at < stall; n++) {
    if (tally.size > gained.size) gained = { at: n, size: tally.size };
    const candidates = new Map(tally.kinds.map((kind) => [kind, candidate(kind)]));
    const feasible = [...candidates].filter(([, step]) => step !== undefined).map(([kind]) => kind);
    const kind = rarestNext(tally, feasible) ?? nextKind(tally, feasible, random);
    if (kind === undefined) return;
    yield candidates.get(kind)!;
  }
}

/** What the planner needs of a resource's steps: whether one can run on a model, and what it does to it. */
export interface Simulated<M> {
  check(model: Readonly<M>): boolean;
  /** The step's effect on the model as it predicts it (a copy: the planner never touches the real one). */
  simulate?(model: M): void;
}

/** How many steps ahead the planner looks for an uncovered pair: enough for a resource's set-ups (two groups to nest). */
const PLAN_DEPTH = 6;

/**
 * The shortest run of kinds, at most PLAN_DEPTH long, that ends in a pair not covered yet, found breadth-first on
 * copies of the model (each step's `simulate`): where the pairs left need a state the model is not in (two groups,
 * one of them nested), the walk goes there instead of drawing. Undefined where some step cannot be simulated, or
 * no such run is that short.
 */
export function plan<M>(
  model: Readonly<M>,
  kinds: readonly string[],
  stepOf: (kind: string) => Simulated<M>,
  tally: PairTally,
): string[] | undefined {
  if (kinds.some((k) => !stepOf(k).simulate)) return undefined;
  let frontier: { model: M; path: string[] }[] = [{ model: structuredClone(model) as M, path: [] }];
  // A state reached before (the same model after the same kind) leads nowhere new: without this the search grows as
  // kinds^depth where no uncovered pair is near.
  const seen = new Set<string>();
  for (let depth = 0; depth < PLAN_DEPTH; depth++) {
    const next: typeof frontier = [];
    for (const node of frontier) {
      const last = node.path.at(-1) ?? tally.previous;
      for (const kind of kinds) {
        const step = stepOf(kind);
        if (!step.check(node.model)) continue;
        if (last !== undefined && !tally.has(last, kind)) return [...node.path, kind];
        const after = structuredClone(node.model);
        step.simulate!(after);
        const key = `${kind}|${JSON.stringify(after)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        next.push({ model: after, path: [...node.path, kind] });
      }
    }
    frontier = next;
  }
  return undefined;
}
