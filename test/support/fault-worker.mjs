// Starts a kill-matrix worker as bin/teamchat-conformance.mjs starts a run (see bin/load-typescript.mjs).
await import('../../bin/load-typescript.mjs');
await import('./fault-worker.ts');
