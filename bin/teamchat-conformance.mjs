#!/usr/bin/env -S node --
// Entry point of the command (and of `npm run conformance`): TypeScript becomes loadable, then the runner starts.
// `node --` before the script: Node 20 reads an `--env-file` among the script's own arguments as its own (a missing
// file ends it with status 9 before the command starts).
await import('./load-typescript.mjs');
await import('../scripts/conformance.ts');
