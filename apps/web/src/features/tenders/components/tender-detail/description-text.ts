/** Looks like markup or an HTML entity (`<p>`, `&rsquo;`, `&#39;`). */
const MARKUP = /<[a-z!/?]|&(?:[a-z]+\d*|#\d+|#x[\da-f]+);/i;

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  bull: '•',
  middot: '·',
  laquo: '«',
  raquo: '»',
  deg: '°',
  copy: '©',
  reg: '®',
  trade: '™',
  eacute: 'é',
  Eacute: 'É',
  egrave: 'è',
  Egrave: 'È',
  ecirc: 'ê',
  euml: 'ë',
  agrave: 'à',
  Agrave: 'À',
  acirc: 'â',
  ccedil: 'ç',
  Ccedil: 'Ç',
  icirc: 'î',
  iuml: 'ï',
  ocirc: 'ô',
  ucirc: 'û',
  ugrave: 'ù',
  uuml: 'ü',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[\da-f]+|[a-z]+\d*);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED[name] ?? whole;
  });
}

/**
 * A description from a source as plain text. Sources sometimes send HTML: scripts, styles and
 * comments are dropped with their content, line breaks and paragraphs kept, every other tag
 * removed and entities decoded, all as string work (no HTML parser is involved, so nothing can
 * load or run). The page renders the result as text, so what is left can only ever be text.
 */
export function descriptionText(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  if (!text || !MARKUP.test(text)) return text;
  const stripped = text
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<(script|style|noscript|template|iframe|object|textarea)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(?:p|div|li|h[1-6]|tr|ul|ol|table)\s*>/gi, '\n')
    .replace(/<\/?[a-z!?][^>]*(?:>|$)/gi, '');
  return decodeEntities(stripped)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
