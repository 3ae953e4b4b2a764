/** What a resource of the realm's model is to the runner (sequence.ts): its steps, start, frame and end. */
import type fc from 'fast-check';

/** One command of a resource, with its modifier: it picks what it acts on from the model when it runs. */
export interface Step<M extends object, R> extends fc.AsyncCommand<M, R> {
  /** Its kind among the resource's (the pairs are counted over these). */
  readonly kind: string;
  /**
   * What the step does to the model where the server answers as predicted, without asking it (made-up ids for what
   * it creates): the covering walk plans its way to the pairs left with it (helpers/checks/pairs.ts, plan).
   */
  simulate?(model: M): void;
}

/** A resource's model, its commands and its frame: what the runner needs to explore it. */
export interface Resource<M extends object, R> {
  /** For notes and failures: "drafts". */
  readonly name: string;
  /**
   * One step of each kind, whose ordered pairs each run covers (one object serves many sequences: a step keeps no
   * state of its own).
   */
  readonly steps: readonly Step<M, R>[];
  /** A fresh model and its real counterpart for one sequence (set-up). */
  start(): Promise<{ model: M; real: R }>;
  /** Reads back everything a step may have disturbed (not only what it touched) and compares it with the model. */
  frame(model: M, real: R): Promise<void>;
  /** Undoes what the sequence created (set-up: it never judges). */
  end(model: M, real: R): Promise<void>;
}

/**
 * Accounts a sequence's user is not drawn from, where others will do (a resource's state is per user, and no role
 * changes its rules): the owner carries the run's user groups and realm settings, a load the casting cannot see
 * coming when a sequence starts.
 */
export const ONEROUS = ['owner'] as const;
