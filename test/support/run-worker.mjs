// Starts a run worker (test/support/run-worker.ts) as bin/teamchat-conformance.mjs starts a run (see bin/load-typescript.mjs).
await import('../../bin/load-typescript.mjs');
await import('./run-worker.ts');
