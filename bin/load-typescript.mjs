// Importing this module lets Node 20, which cannot run TypeScript itself, load the project's .ts files. tsx is
// registered at run time rather than with `--import tsx`: vitest's workers inherit Node's flags and need no loader
// of their own (vitest transforms the suites). Vitest is loaded first: its many modules load several times faster
// without the loader's hooks (docs/performance.md). Shared by the command, the kill-matrix workers and Stryker's
// test runner, which all start a vitest of their own.
await import('vitest/node');
const { register } = await import('tsx/esm/api');
register();
