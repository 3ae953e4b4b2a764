/**
 * `npm run reference -- --port 9991 [--host H] [--faults a,b]`: runs the reference server until SIGINT/SIGTERM.
 * Bad flags: a message and exit code 2.
 */
import { parseCli, USAGE } from './cli.ts';
import { REALM_NAME } from './core/realm.ts';
import { RATE_LIMIT_TALLY } from './http/rate-limit.ts';
import { startReferenceServer } from './server.ts';

const parsed = parseCli(process.argv.slice(2));
if (parsed.kind === 'help') {
  process.stdout.write(`${parsed.text}\n`);
  process.exit(0);
}
if (parsed.kind === 'error') {
  process.stderr.write(`${parsed.message}\n${USAGE}\n`);
  process.exit(2);
}

const { production, ...options } = parsed.options;
const server = await startReferenceServer({ ...options, developmentLogin: !production }).catch((err: unknown) => {
  process.stderr.write(`cannot start the reference server: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
process.stdout.write(`reference server listening on ${server.url} (realm "${REALM_NAME}")\n`);
if (server.flavour !== 'contract') process.stderr.write(`flavour: ${server.flavour}\n`);
if (server.variants.length > 0) process.stderr.write(`variants: ${server.variants.join(', ')}\n`);
if (server.faults.length > 0) process.stderr.write(`active faults: ${server.faults.join(', ')}\n`);

// Where the server limits each user, what its limiter counted goes out last, one line of JSON, for whoever ran it to
// read (scripts/rate-limit-bench.ts): every request a run made, its own set-up and clean-up included.
const stop = () => {
  server.close().then(() => {
    const tally = server.rateLimitTally();
    if (tally) process.stdout.write(`${RATE_LIMIT_TALLY}${JSON.stringify(tally)}\n`);
    process.exit(0);
  });
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
