/**
 * The contract as data, the judge of one exchange, and the bad-input probes: one import for all.
 *
 * - shapes.ts: the descriptor language (Shape, Field, Limit, Condition); resources.ts: the contract's resources;
 *   codes.ts: the envelope and error codes; operation.ts: what an operation is; operations/*.ts: Endpoints 1–21;
 *   model.ts: OPERATIONS and operationOf; validate.ts: a value against a shape. zod.ts (shapes as zod schemas) is
 *   not re-exported: importing zod costs every worker thread ~50 ms, and no check uses it.
 * - judge.ts: judgeExchange.
 * - probes.ts (with bad-values.ts, probe-rules.ts, probe-sample.ts): bad-input probes and their profiles.
 */
export * from './codes.ts';
export * from './judge.ts';
export * from './model.ts';
export * from './operation.ts';
export * from './probes.ts';
export * from './resources.ts';
export * from './shapes.ts';
export * from './validate.ts';
