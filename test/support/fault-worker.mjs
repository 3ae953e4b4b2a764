// Starts a kill-matrix worker as bin/teamchat-conformance.mjs starts a run: vitest loaded before tsx is
// registered, and no `--import tsx` for vitest's worker processes to inherit.
await import('vitest/node');
const { register } = await import('tsx/esm/api');
register();
await import('./fault-worker.ts');
