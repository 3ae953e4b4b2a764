/**
 * A set of named switches a server instance runs with, from one catalogue: the faults (faults.ts) and the conforming
 * variants (variants.ts). The code asks `has(id)` where a switch applies.
 */
export class Switches<Id extends string> {
  readonly #active: ReadonlySet<Id>;

  /** Throws an Error naming the known switches when a name is unknown (`kind`: "fault", "variant"). */
  constructor(names: readonly string[], known: readonly Id[], kind: string) {
    const unknown = names.filter((n) => !(known as readonly string[]).includes(n));
    if (unknown.length > 0) {
      throw new Error(`Unknown ${kind}(s): ${unknown.join(', ')}. Known ${kind}s: ${known.join(', ')}`);
    }
    this.#active = new Set(names as Id[]);
  }

  has(id: Id): boolean {
    return this.#active.has(id);
  }

  get active(): readonly Id[] {
    return [...this.#active];
  }
}
