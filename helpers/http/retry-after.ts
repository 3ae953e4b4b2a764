/**
 * How long a 429 asks the client to wait. The contract shows no rate limits, so the answer is read as HTTP gives it
 * (RFC 9110 §10.2.3): Retry-After is delay-seconds or an HTTP-date; Zulip also puts an exact, fractional
 * `retry-after` in the body, which comes first where it is there (its header rounds up).
 */

/** Waited when a 429 says nothing usable: then the account is asked again. */
const UNKNOWN_WAIT_SECONDS = 1;

/**
 * Seconds to wait after a 429 (`now` in ms). An HTTP-date counts from the answer's own Date header where it has a
 * valid one (both times from the target's clock, so a skewed clock does not matter), else from `now`; a date already
 * past is 0.
 */
export function retryAfterSeconds(
  headers: Readonly<Record<string, string | undefined>>,
  body: unknown,
  now = Date.now(),
): number {
  const field = seconds((body as Record<string, unknown> | null | undefined)?.['retry-after']);
  if (field !== undefined) return field;
  const header = headers['retry-after']?.trim();
  if (header === undefined) return UNKNOWN_WAIT_SECONDS;
  const delay = seconds(header);
  if (delay !== undefined) return delay;
  const at = httpDate(header);
  if (at === undefined) return UNKNOWN_WAIT_SECONDS;
  const from = httpDate(headers.date?.trim() ?? '') ?? now;
  return Math.max(0, (at - from) / 1000);
}

/** A number of seconds, as a JSON number or digits (a fraction allowed: the body's field is one). */
function seconds(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * The three forms of HTTP-date a recipient must read (RFC 9110 §5.6.7), as ms since the epoch: IMF-fixdate
 * ("Sun, 06 Nov 1994 08:49:37 GMT"), obsolete RFC 850 ("Sunday, 06-Nov-94 08:49:37 GMT"), asctime
 * ("Sun Nov  6 08:49:37 1994"). Anything else: undefined (Date.parse would take "1 2" for a date).
 */
export function httpDate(text: string): number | undefined {
  const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
  const fix = new RegExp(`^[a-z]{3}, (\\d{2}) ([a-z]{3}) (\\d{4}) ${TIME} GMT$`, 'i').exec(text);
  if (fix) return utc(fix[3]!, fix[2]!, fix[1]!, fix.slice(4));
  const rfc850 = new RegExp(`^[a-z]+, (\\d{2})-([a-z]{3})-(\\d{2}) ${TIME} GMT$`, 'i').exec(text);
  if (rfc850) return utc(fullYear(Number(rfc850[3])), rfc850[2]!, rfc850[1]!, rfc850.slice(4));
  const asctime = new RegExp(`^[a-z]{3} ([a-z]{3}) ([ \\d]\\d) ${TIME} (\\d{4})$`, 'i').exec(text);
  if (asctime) return utc(asctime[6]!, asctime[1]!, asctime[2]!, asctime.slice(3, 6));
  return undefined;
}

/** A two-digit year more than 50 years ahead is the most recent past year with those digits (RFC 9110 §5.6.7). */
function fullYear(yy: number): string {
  const thisYear = new Date().getUTCFullYear();
  const year = Math.floor(thisYear / 100) * 100 + yy;
  return String(year > thisYear + 50 ? year - 100 : year);
}

function utc(year: string, month: string, day: string, time: readonly string[]): number | undefined {
  const m = MONTHS.indexOf(month.toLowerCase());
  if (m < 0) return undefined;
  const [h, min, s] = time.map(Number) as [number, number, number];
  return Date.UTC(Number(year), m, Number(day), h, min, s);
}
