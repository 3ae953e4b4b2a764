/** The run a report describes, for the reporters' unit tests. */
import type { RunInfo } from '../../helpers/reporters/results.ts';

export const RUN: RunInfo = {
  runId: 'r1',
  seed: 42,
  profile: 'quick',
  target: 'http://t',
  embedded: false,
  featureLevel: 400,
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1234,
};
