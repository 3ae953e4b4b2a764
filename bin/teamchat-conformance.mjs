#!/usr/bin/env node
// Entry point of the command (and of `npm run conformance`): TypeScript becomes loadable, then the runner starts.
await import('./load-typescript.mjs');
await import('../scripts/conformance.ts');
