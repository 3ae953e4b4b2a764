// Starts the rate-budget race test's worker thread (budget-worker.ts) as bin/teamchat-conformance.mjs starts a run.
await import('../../bin/load-typescript.mjs');
await import('./budget-worker.ts');
