/**
 * `npm run reference -- --port 9991 [--host H] [--faults a,b]`: runs the reference server until SIGINT/SIGTERM.
 */
import { parseArgs } from 'node:util';
import { REALM_NAME } from './core/realm.ts';
import { FAULT_IDS, isFaultId } from './faults.ts';
import { startReferenceServer } from './server.ts';

const USAGE = 'usage: npm run reference -- [--port 9991] [--host 127.0.0.1] [--faults fault-a,fault-b]';

function usageError(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function parseOptions(argv: string[]): { port: number; host: string; faults: string[] } {
  let values: { port?: string; host?: string; faults?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        faults: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    usageError(err instanceof Error ? err.message : String(err));
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\nfaults: ${FAULT_IDS.join(', ')}\n`);
    process.exit(0);
  }
  const port = Number(values.port ?? '9991');
  if (!/^\d+$/.test(values.port ?? '9991') || port > 65535) usageError(`--port must be 0..65535, got "${values.port}"`);
  const faults = (values.faults ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
  const unknown = faults.filter((f) => !isFaultId(f));
  if (unknown.length > 0) usageError(`unknown fault(s): ${unknown.join(', ')}\nknown faults: ${FAULT_IDS.join(', ')}`);
  const host = values.host ?? '127.0.0.1';
  if (host.trim() === '') usageError('--host must not be empty');
  return { port, host, faults };
}

const options = parseOptions(process.argv.slice(2));
const server = await startReferenceServer(options).catch((err: unknown) => {
  process.stderr.write(`cannot start the reference server: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
process.stdout.write(`reference server listening on ${server.url} (realm "${REALM_NAME}")\n`);
if (server.faults.length > 0) process.stderr.write(`active faults: ${server.faults.join(', ')}\n`);

const stop = () => {
  server.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
