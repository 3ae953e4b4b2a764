#!/usr/bin/env node
// The registry this project is built against lacks some platform-specific optional packages (e.g. macOS and
// Windows builds of Biome and Rollup), so `npm install` leaves them out of package-lock.json and `npm ci` then
// refuses the lock as out of sync. This adds each missing optional package back, marked optional and with the
// os/cpu its name states, so `npm ci` skips it on other platforms exactly as it would with a complete lock.
// Run after `npm install` whenever dependencies change: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'openbsd',
  'sunos',
  'win32',
  'aix',
  'netbsd',
  'openharmony',
  'cygwin',
];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'wasm32'];
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path === '' ? '' : `${path}/`;
    const key = `${base}node_modules/${name}`;
    if (lock.packages[key] || lock.packages[`node_modules/${name}`]) continue;
    const parts = name.split('/').pop().split('-');
    const os = parts.find((p) => OS.includes(p));
    const cpu = parts.find((p) => CPU.includes(p));
    lock.packages[`node_modules/${name}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(parts.includes('musl')
        ? { libc: ['musl'] }
        : parts.includes('gnu') || parts.includes('gnueabihf')
          ? { libc: ['glibc'] }
          : {}),
    };
    added += 1;
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} optional platform packages to package-lock.json`);
