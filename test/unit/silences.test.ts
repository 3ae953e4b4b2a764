// The register of the contract's silences (fixtures/silences.json): every silence names a variant that exercises it
// or says why none can; every variant is in the register; every variant keeps its converse, a fault that departs
// beside it (or, for transport, the robustness test that makes that departure).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isFaultList, SILENCES, variantsOf } from '../../fixtures/silences.ts';
import { isFaultId } from '../../reference/faults.ts';
import { isVariantId, VARIANT_IDS } from '../../reference/variants.ts';

const { entries, converses } = SILENCES;

describe('the register of silences', () => {
  it('has unique ids, a section and a paraphrase for each entry', () => {
    const ids = entries.map((e) => e.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const e of entries) {
      expect(e.section.length, e.id).toBeGreaterThan(3);
      expect(e.says.length, e.id).toBeGreaterThan(20);
    }
  });

  it('names at least one existing variant, or a pending one with its reason, or why none can', () => {
    const lacking = entries.filter((e) => !(e.variants?.length || (e.pending?.length && e.reason) || e.none));
    expect(lacking.map((e) => e.id)).toEqual([]);
    const unknown = entries.flatMap((e) =>
      (e.variants ?? []).filter((v) => !isVariantId(v)).map((v) => `${e.id}: ${v}`),
    );
    expect(unknown, 'a variant not yet in reference/variants.ts goes under pending').toEqual([]);
    const both = entries.filter((e) => e.none && (e.variants?.length || e.pending?.length));
    expect(
      both.map((e) => e.id),
      'an entry with variants gives no reason for having none',
    ).toEqual([]);
  });

  it('holds every variant', () => {
    const named = new Set(entries.flatMap(variantsOf));
    expect(
      VARIANT_IDS.filter((id) => !named.has(id)),
      'add the variant to the entry of the silence it exercises',
    ).toEqual([]);
  });

  it('gives every variant a converse: a fault that departs beside it', () => {
    expect(
      VARIANT_IDS.filter((id) => !converses[id]),
      'declare the converse in fixtures/silences.json',
    ).toEqual([]);
    for (const id of VARIANT_IDS) {
      const converse = converses[id]!;
      if (isFaultList(converse)) {
        expect(converse.length, id).toBeGreaterThan(0);
        expect(
          converse.filter((f) => !isFaultId(f)),
          `${id}: converse faults not in the catalogue`,
        ).toEqual([]);
      } else {
        const { test, why } = converse;
        expect(existsSync(join(import.meta.dirname, '../..', test)), `${id}: ${test}`).toBe(true);
        expect(why.length, id).toBeGreaterThan(20);
      }
    }
  });

  it('names no converse for a variant it does not hold', () => {
    const named = new Set(entries.flatMap(variantsOf));
    expect(Object.keys(converses).filter((id) => !named.has(id))).toEqual([]);
  });
});
