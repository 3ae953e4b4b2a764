#!/usr/bin/env node
// Entry point of the command (and of `npm run conformance`). Node 20 cannot run TypeScript itself, so tsx is
// registered here, at run time rather than with `--import tsx`: vitest's worker processes inherit Node's flags,
// and need no TypeScript loader of their own (vitest transforms the suites). Vitest is loaded before tsx is
// registered: its many modules load three times faster without the loader's hooks (0.3 s instead of 1.2 s).
await import('vitest/node');
const { register } = await import('tsx/esm/api');
register();
await import('../scripts/conformance.ts');
