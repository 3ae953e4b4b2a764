/** Command-line flags of `npm run reference`, parsed without side effects (main.ts prints and exits). */
import { parseArgs } from 'node:util';
import { FAULT_IDS, isFaultId } from './faults.ts';
import { FLAVOUR_NAMES, type FlavourName, isFlavourName } from './flavours.ts';
import { serverLevelProblem } from './http/levels.ts';
import { parseRateLimit, type RateLimit } from './http/rate-limit.ts';
import { VARIANT_IDS, variantsProblem } from './variants.ts';

export const USAGE =
  'usage: npm run reference -- [--port 9991] [--host 127.0.0.1] [--flavour contract|zulip] [--faults fault-a,fault-b] [--variants variant-a,variant-b] [--production] [--rate-limit 200/60[:zulip|fixed|next-slot|retry-after-only]] [--edit-grace 20] [--feature-level 185]';

export interface CliOptions {
  readonly port: number;
  readonly host: string;
  readonly faults: readonly string[];
  /** Conforming variants (reference/variants.ts). */
  readonly variants: readonly string[];
  /** Without the development server's POST /dev_fetch_api_key. */
  readonly production: boolean;
  /** Per-user request budget (`--rate-limit 200/60`). */
  readonly rateLimit?: RateLimit;
  /** Seconds of grace on every edit and move time limit (`--edit-grace 20`, as real Zulip). */
  readonly editGraceSeconds?: number;
  /** `--flavour zulip`: real Zulip's departures and choices (reference/flavours.ts). */
  readonly flavour?: FlavourName;
  /** `--feature-level 185`: answer as a server of that level (reference/http/levels.ts). */
  readonly featureLevel?: number;
}

export type CliResult =
  | { readonly kind: 'run'; readonly options: CliOptions }
  | { readonly kind: 'help'; readonly text: string }
  | { readonly kind: 'error'; readonly message: string };

export function parseCli(argv: readonly string[]): CliResult {
  let values: {
    port?: string;
    host?: string;
    faults?: string;
    variants?: string;
    help?: boolean;
    production?: boolean;
    'rate-limit'?: string;
    'edit-grace'?: string;
    flavour?: string;
    'feature-level'?: string;
  };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        faults: { type: 'string' },
        variants: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        production: { type: 'boolean' },
        'rate-limit': { type: 'string' },
        'edit-grace': { type: 'string' },
        flavour: { type: 'string' },
        'feature-level': { type: 'string' },
      },
    }));
  } catch (err) {
    return { kind: 'error', message: err instanceof Error ? err.message : String(err) };
  }
  if (values.help)
    return {
      kind: 'help',
      text: `${USAGE}\nflavours: ${FLAVOUR_NAMES.join(', ')}\nvariants: ${VARIANT_IDS.join(', ')}\nfaults: ${FAULT_IDS.join(', ')}`,
    };
  if (values.flavour !== undefined && !isFlavourName(values.flavour))
    return { kind: 'error', message: `unknown flavour "${values.flavour}" (known: ${FLAVOUR_NAMES.join(', ')})` };
  const rawPort = values.port ?? '9991';
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port > 65535)
    return { kind: 'error', message: `--port must be 0..65535, got "${rawPort}"` };
  const faults = splitNames(values.faults);
  const unknown = faults.filter((f) => !isFaultId(f));
  if (unknown.length > 0) {
    return { kind: 'error', message: `unknown fault(s): ${unknown.join(', ')}\nknown faults: ${FAULT_IDS.join(', ')}` };
  }
  const variants = splitNames(values.variants);
  const variantProblem = variantsProblem(variants);
  if (variantProblem) return { kind: 'error', message: `--variants: ${variantProblem}` };
  const host = values.host ?? '127.0.0.1';
  if (host.trim() === '') return { kind: 'error', message: '--host must not be empty' };
  const rateLimit = values['rate-limit'] === undefined ? undefined : parseRateLimit(values['rate-limit']);
  if (values['rate-limit'] !== undefined && !rateLimit) {
    return {
      kind: 'error',
      message: `--rate-limit takes REQUESTS/SECONDS (e.g. 200/60), got "${values['rate-limit']}"`,
    };
  }
  const grace = values['edit-grace'];
  if (grace !== undefined && !/^\d{1,3}$/.test(grace)) {
    return { kind: 'error', message: `--edit-grace takes a whole number of seconds, got "${grace}"` };
  }
  const level = values['feature-level'];
  const levelProblem =
    level === undefined ? undefined : /^\d+$/.test(level) ? serverLevelProblem(Number(level)) : 'not a number';
  if (levelProblem) return { kind: 'error', message: `--feature-level: ${levelProblem}, got "${level}"` };
  return {
    kind: 'run',
    options: {
      port,
      host,
      faults,
      variants,
      production: values.production === true,
      ...(rateLimit ? { rateLimit } : {}),
      ...(grace !== undefined ? { editGraceSeconds: Number(grace) } : {}),
      ...(level !== undefined ? { featureLevel: Number(level) } : {}),
      ...(values.flavour !== undefined ? { flavour: values.flavour as FlavourName } : {}),
    },
  };
}

/** A comma-separated list of names, blanks dropped. */
function splitNames(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
}
