/**
 * The RESP-* clauses: one per operation, judged over every response of that operation a run receives (not by a
 * check of their own): the envelope (Conventions; Errors) and the answer's fields as contract/ gives them.
 * They derive from the contract model's operations (contract/): each operation's id prefix names its clause, and
 * the one check of the operation marked `exercisesOperation` is what `--only` runs to exercise it.
 */

import { keyOf, OPERATIONS } from '../../contract/index.ts';
import { sinceOf } from '../../helpers/clauses/declare.ts';
import type { Clause } from '../../helpers/clauses/types.ts';

/** The RESP-* clauses, one per operation of the contract model, each filed under its driving check's file. */
export function responseClauses(checked: readonly Clause[]): Clause[] {
  return OPERATIONS.map((op) => {
    const endpoint = keyOf(op);
    const id = `RESP-${op.clauses}-001`;
    const drivers = checked.filter((c) => c.exercisesOperation && c.endpoint === endpoint);
    if (drivers.length !== 1)
      throw new Error(
        `${id}: ${drivers.length} clauses of ${endpoint} are marked exercisesOperation; mark the one check --only should run to exercise it`,
      );
    const driver = drivers[0]!;
    // Judged on every answer of its operation (whichever check drew it): dated as the operation is.
    const since = sinceOf({ endpoint });
    return {
      id,
      level: 'MUST',
      title: `answer every call of ${endpoint} with the envelope and the fields the contract gives its success or error`,
      section: `${op.n}. ${op.title}; Conventions; Errors`,
      endpoint,
      ...(since !== undefined ? { since } : {}),
      area: 'conventions',
      file: driver.file,
      drivenBy: driver.id,
    };
  });
}
