export const LEVELS = ['MUST', 'SHOULD', 'MAY'] as const;
export type Level = (typeof LEVELS)[number];

export interface Clause {
  /** Stable id, AREA-TOPIC-NNN; pinned by test/unit/clause-ids.test.ts and never reused. */
  readonly id: string;
  readonly level: Level;
  /** One sentence a server author can act on, without the level ("return one id per draft …"). */
  readonly title: string;
  /** The contract section it comes from, e.g. "10. Create drafts" or "Authentication". */
  readonly section: string;
  /** The operation it concerns ("POST /drafts"), or "*" for rules over every operation. */
  readonly endpoint: string;
  /** The lowest feature level the behaviour exists at, where the contract dates it. */
  readonly since?: number;
  /** The feature level at which the contract marks the operation or field deprecated (informational). */
  readonly deprecatedAt?: number;
  /** The suite folder that checks it (`drafts`), named after the area (see helpers/checks/check.ts). */
  readonly area: string;
  /** The suite file that checks it, relative to the project root (`suites/drafts/post-drafts.test.ts`). */
  readonly file: string;
  /**
   * Set for a clause judged over every response of its operation rather than by a check of its own (RESP-*): the
   * clause whose check `--only` runs to exercise the operation (its `file` is that check's).
   */
  readonly drivenBy?: string;
  /**
   * Set on the one check per operation that `--only` runs to exercise it for its RESP-* clause (cheap, and calling
   * it with success): suites/conventions/responses.ts derives the RESP-* clauses from the operations and these.
   */
  readonly exercisesOperation?: true;
}

/** Outcomes of a check (see README, "Outcomes"). */
export const OUTCOMES = [
  'passed',
  'failed',
  'warned',
  'skipped-unsupported',
  'not-applicable',
  'disabled',
  'known-failure',
  'error',
  'not-run',
] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const clauseTitle = (c: Pick<Clause, 'level' | 'title'>) => `${c.level} ${c.title}`;

/** The vitest test name of a clause's check (junit and Allure show it; `--only` filters on it). */
export const testNameOf = (c: Pick<Clause, 'id' | 'level' | 'title'>) => `${c.id} ${clauseTitle(c)}`;
