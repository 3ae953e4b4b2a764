// Every clause can fail: each has at least one fault in the reference server's catalogue that breaks it (the
// sensitivity test then requires the suite to catch it). A clause that genuinely cannot be faulted in the
// reference server is listed in fixtures/unfaultable-clauses.json with the reason.
import { describe, expect, it } from 'vitest';
import unfaultable from '../../fixtures/unfaultable-clauses.json' with { type: 'json' };
import { FAULTS } from '../../reference/faults.ts';
import { CLAUSES } from '../../suites/catalog.ts';

const exempt = unfaultable.clauses as Record<string, string>;
const faulted = new Set<string>(Object.values(FAULTS).map((f) => f.clause));

describe('sensitivity catalogue', () => {
  it('has a fault for every registered clause', () => {
    const missing = CLAUSES.map((c) => c.id).filter((id) => !faulted.has(id) && !(id in exempt));
    expect(
      missing,
      'clauses no fault breaks: add one beside the route it breaks (reference/routes/<area>.faults.ts)',
    ).toEqual([]);
  });

  it('names only registered clauses, and exempts none that has a fault', () => {
    const ids = new Set<string>(CLAUSES.map((c) => c.id));
    expect(
      Object.entries(FAULTS)
        .filter(([, f]) => !ids.has(f.clause))
        .map(([id]) => id),
      'faults of unknown clauses',
    ).toEqual([]);
    expect(
      Object.keys(exempt).filter((id) => !ids.has(id) || faulted.has(id)),
      'stale exemptions',
    ).toEqual([]);
    for (const [id, why] of Object.entries(exempt)) expect(why.length, id).toBeGreaterThan(20);
  });
});
