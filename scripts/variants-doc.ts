/**
 * `node --import tsx scripts/variants-doc.ts > docs/variants.md`: the table of conforming variants, from the
 * catalogue (reference/variants.ts). A unit test keeps the page equal to this output.
 */
import { VARIANT_IDS, VARIANTS, type VariantInfo } from '../reference/variants.ts';

export function variantsPage(): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const rows = VARIANT_IDS.map((id) => {
    const v: VariantInfo = VARIANTS[id];
    const notes = [
      v.zulip ? "real Zulip's choice (the `zulip` flavour)" : '',
      v.warns ? `departs from a SHOULD: may warn ${v.warns.join(', ')}` : '',
      v.excludes ? `not with ${v.excludes.map((x) => `\`${x}\``).join(', ')}` : '',
    ].filter(Boolean);
    return `| ${cell(v.leftOpen)} | \`${id}\` | ${cell(v.change)}${notes.length ? ` (${notes.join('; ')})` : ''} |`;
  });
  return `# Conforming variants of the reference server

The reference server answers, wherever the contract leaves a choice open, as real Zulip does. A check that leans on
one of those choices passes every run against the reference and fails the first server that chooses otherwise. Each
variant below makes one such choice another way; \`npm test\` runs the whole suite with every variant on (all
compatible ones at once, and a seeded random draw) and requires no failure, and no warning beyond those a variant
that departs from a SHOULD declares (test/e2e/variants.test.ts). Faults prove a check can fail; variants prove it
fails only on a departure.

Start the reference with some: \`npm run reference -- --variants extra-fields,ids-large\`, or
\`REFERENCE_VARIANTS=extra-fields,ids-large npm run conformance\`. The switch of each sits in the code it changes
(grep its id); \`test/reference/variants.test.ts\` probes each against a default server.

${VARIANT_IDS.length} variants. This page is generated: \`node --import tsx scripts/variants-doc.ts > docs/variants.md\`.

| the contract leaves open | variant | what the server does instead |
|---|---|---|
${rows.join('\n')}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(variantsPage());
