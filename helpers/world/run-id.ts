/**
 * Run ids name everything a run creates: `cf-<runid>-…`, where the run id is the start time in base 36 followed
 * by four random characters. The time lets a later run tell a crashed run's leftovers from a live run's objects.
 */
const PREFIX_PATTERN = /cf-([0-9a-z]+)([0-9a-z]{4})-/;

export function newRunId(now = Date.now()): string {
  const random = Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0');
  return `${Math.floor(now / 1000).toString(36)}${random}`;
}

export const prefixOf = (runId: string) => `cf-${runId}-`;

/** The start time (ms) of the run that made a name, or undefined when the name is not one of ours. */
export function runStartOf(text: string): number | undefined {
  const match = PREFIX_PATTERN.exec(text);
  if (!match || text.indexOf(match[0]) !== 0) return undefined;
  const seconds = Number.parseInt(match[1]!, 36);
  return Number.isFinite(seconds) ? seconds * 1000 : undefined;
}

/** True for a name made by another run that started more than `minutes` ago. */
export function isStaleLeftover(text: string, ownRunId: string, minutes: number, now = Date.now()): boolean {
  if (text.startsWith(prefixOf(ownRunId))) return false;
  const started = runStartOf(text);
  return started !== undefined && now - started > minutes * 60_000;
}
