/** A seeded draw of the reference's conforming variants, for the tests that run the suite with some on. */
import { compatible, type VariantId } from '../../reference/variants.ts';

/**
 * From `start`, each variant of `pool` in turn with chance `p`, kept when compatible with those already chosen.
 * The same `state` always draws the same set (a linear congruential generator).
 */
export function drawVariants(
  state: number,
  pool: readonly VariantId[],
  p: number,
  start: readonly VariantId[] = [],
): VariantId[] {
  let s = state >>> 0;
  const next = () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
  const chosen = [...start];
  for (const id of pool) if (next() < p && compatible([...chosen, id])) chosen.push(id);
  return chosen;
}
