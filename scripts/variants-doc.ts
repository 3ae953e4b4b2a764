/**
 * `node --import tsx scripts/variants-doc.ts > docs/variants.md`: the table of conforming variants, from the
 * catalogue (reference/variants.ts), each with its converse, and the register of the contract's silences
 * (fixtures/silences.json), each with what exercises it. A unit test keeps the page equal to this output.
 */
import { type Converse, isFaultList, SILENCES, type Silence } from '../fixtures/silences.ts';
import { VARIANT_IDS, VARIANTS, type VariantInfo } from '../reference/variants.ts';

const cell = (text: string) => text.replace(/\|/g, '\\|');
const code = (names: readonly string[]) => names.map((n) => `\`${n}\``).join(', ');

function converseCell(converse: Converse | undefined): string {
  if (!converse) return '—';
  return isFaultList(converse) ? code(converse) : `${cell(converse.why)} (${converse.test})`;
}

function exercisedBy(s: Silence): string {
  const parts = [
    s.variants?.length ? code(s.variants) : '',
    s.pending?.length ? `${code(s.pending)} (pending: ${cell(s.reason ?? '')})` : '',
    s.none ? `none: ${cell(s.none)}` : '',
  ];
  return parts.filter(Boolean).join('; ');
}

export function variantsPage(): string {
  const rows = VARIANT_IDS.map((id) => {
    const v: VariantInfo = VARIANTS[id];
    const notes = [
      v.zulip ? "real Zulip's choice (the `zulip` flavour)" : '',
      v.warns ? `departs from a SHOULD: may warn ${v.warns.join(', ')}` : '',
      v.skips ? `offers less: ${v.skips.join(', ')} skipped-unsupported` : '',
      v.excludes ? `not with ${v.excludes.map((x) => `\`${x}\``).join(', ')}` : '',
    ].filter(Boolean);
    const change = `${cell(v.change)}${notes.length ? ` (${notes.join('; ')})` : ''}`;
    return `| ${cell(v.leftOpen)} | \`${id}\` | ${change} | ${converseCell(SILENCES.converses[id])} |`;
  });
  const register = SILENCES.entries.map((s) => `| ${cell(s.section)} | ${cell(s.says)} | ${exercisedBy(s)} |`);
  return `# Conforming variants of the reference server

The reference server answers, wherever the contract leaves a choice open, as real Zulip does. A check that leans on
one of those choices passes every run against the reference and fails the first server that chooses otherwise. Each
variant below makes one such choice another way; \`npm test\` runs the whole suite with every variant on (all
compatible ones at once, and a seeded random draw) and requires no failure, and no warning beyond those a variant
that departs from a SHOULD declares (test/e2e/variants.test.ts). Faults prove a check can fail; variants prove it
fails only on a departure.

Every leniency keeps its converse: beside each variant, a fault that departs next to it (the answer beside those a
check accepts), which the check still catches with the variant on.

Start the reference with some: \`npm run reference -- --variants extra-fields,ids-large\`, or
\`REFERENCE_VARIANTS=extra-fields,ids-large npm run conformance\`. The switch of each sits in the code it changes
(grep its id); \`test/reference/variants.test.ts\` probes each against a default server.

${VARIANT_IDS.length} variants. This page is generated: \`node --import tsx scripts/variants-doc.ts > docs/variants.md\`.

| the contract leaves open | variant | what the server does instead | converse: departs beside it |
|---|---|---|---|
${rows.join('\n')}

## The register of silences

Every place the contract says "not shown" or "may", gives no order, code, limit or default, or leaves a choice to the
server, paraphrased, with the variants that exercise it, or why none can (fixtures/silences.json;
test/unit/silences.test.ts requires an entry for every variant and a variant or a reason for every entry). A check
that relies on a silence not listed here adds its entry, and its variant, in the same change
([contributing.md](contributing.md)).

${SILENCES.entries.length} silences.

| contract section | what it leaves open | exercised by |
|---|---|---|
${register.join('\n')}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(variantsPage());
