/**
 * A small Markdown renderer in the shape of Zulip's output: paragraphs (single newlines become `<br>`), fenced
 * code blocks, quotes (`> `), bulleted and numbered lists, and inline `code`, **strong**, *emphasis* and
 * [links](https://…). Everything else is text, HTML-escaped.
 */
export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Plain text as HTML text: `&` and `<` always escaped; variant `render-numeric-references` writes numeric character
 * references instead of named ones; variant `render-inline-html` passes tags through as HTML (CommonMark's raw
 * inline HTML) and leaves `>` as it is, which HTML text allows.
 */
function textOf(s: string, options: RenderOptions): string {
  if (options.noEscape) return s;
  const escapeText = (part: string) =>
    options.numericReferences
      ? part.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)
      : options.inlineHtml
        ? part.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')
        : escapeHtml(part);
  if (!options.inlineHtml) return escapeText(s);
  return s
    .split(/(<\/?[a-z][a-z0-9-]*>)/i)
    .map((part, i) => (i % 2 ? part : escapeText(part)))
    .join('');
}

export interface RenderOptions {
  /** Fault `render-raw-markdown`: inline markup is left as it is (still escaped). */
  readonly rawInline?: boolean;
  /** Fault `render-html-unescaped`: text goes out as it came in. */
  readonly noEscape?: boolean;
  /** Fault `render-blocks-as-paragraphs`: block constructs are rendered as plain paragraphs. */
  readonly flatBlocks?: boolean;
  /** Variant `render-numeric-references`. */
  readonly numericReferences?: boolean;
  /** Variant `render-inline-html`. */
  readonly inlineHtml?: boolean;
}

export function renderMarkdown(source: string, options: RenderOptions = {}): string {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  return blocks(lines, options).join('\n');
}

const FENCE = /^(`{3,}|~{3,})\s*([\w+-]*)\s*$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const BULLET = /^ {0,3}[-*+] +(.*)$/;
const NUMBERED = /^ {0,3}\d{1,9}[.)] +(.*)$/;

function blocks(lines: readonly string[], options: RenderOptions): string[] {
  const out: string[] = [];
  let i = 0;
  const text = (s: string) => textOf(s, options);
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = options.flatBlocks ? null : FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith(fence[1]!); i++) body.push(lines[i]!);
      i++; // the closing fence (or the end)
      out.push(`<div class="codehilite"><pre><span></span><code>${text(body.join('\n'))}\n</code></pre></div>`);
      continue;
    }
    if (!options.flatBlocks && QUOTE.test(line)) {
      const body: string[] = [];
      for (; i < lines.length && QUOTE.test(lines[i]!); i++) body.push(QUOTE.exec(lines[i]!)![1]!);
      out.push(`<blockquote>\n${blocks(body, options).join('\n')}\n</blockquote>`);
      continue;
    }
    const list = options.flatBlocks ? null : BULLET.test(line) ? BULLET : NUMBERED.test(line) ? NUMBERED : null;
    if (list) {
      const items: string[] = [];
      for (; i < lines.length && list.test(lines[i]!); i++)
        items.push(`<li>${inline(list.exec(lines[i]!)![1]!, options)}</li>`);
      const tag = list === BULLET ? 'ul' : 'ol';
      out.push(`<${tag}>\n${items.join('\n')}\n</${tag}>`);
      continue;
    }
    const para: string[] = [];
    const startsBlock = (l: string) =>
      !options.flatBlocks && (FENCE.test(l) || QUOTE.test(l) || BULLET.test(l) || NUMBERED.test(l));
    for (; i < lines.length && lines[i]!.trim() !== '' && (para.length === 0 || !startsBlock(lines[i]!)); i++) {
      para.push(inline(lines[i]!, options));
    }
    out.push(`<p>${para.join('<br>\n')}</p>`);
  }
  return out;
}

/** Inline spans, left to right: code first (its content is literal), then links, strong and emphasis. */
const INLINE =
  /`([^`\n]+)`|\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)|\*\*(?=\S)([^*\n]*?\S)\*\*|\*(?=[^\s*])([^*\n]*?[^\s*])\*/g;

function inline(source: string, options: RenderOptions): string {
  const text = (s: string) => textOf(s, options);
  if (options.rawInline) return text(source);
  let out = '';
  let last = 0;
  for (const m of source.matchAll(INLINE)) {
    out += text(source.slice(last, m.index));
    last = m.index + m[0].length;
    const [, code, label, href, strong, em] = m;
    if (code !== undefined) out += `<code>${escapeHtml(code)}</code>`;
    else if (label !== undefined) out += `<a href="${escapeHtml(href!)}">${inline(label, options)}</a>`;
    else if (strong !== undefined) out += `<strong>${inline(strong, options)}</strong>`;
    else out += `<em>${inline(em!, options)}</em>`;
  }
  return out + text(source.slice(last));
}
