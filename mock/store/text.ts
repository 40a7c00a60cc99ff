// What WordPress does to the text it stores, written once for the seed and the store: slugs from
// titles (`sanitize_title`), unique slugs (`wp_unique_post_slug`: `-2`, `-3`, ...; WPML's language
// suffix for a translation), the rendered form of a title (`wptexturize`, `convert_chars`) and of
// content and excerpts (`wpautop`: paragraphs); back from rendered text to stored text (the
// entities), a paragraph block, and the calendar's JSON-LD escaping.

const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th' };

/**
 * A slug as WordPress's `sanitize_title` makes it (default locale): tags stripped, accents removed
 * (`ü` -> `u`, `ß` -> `ss`), lower case, dashes, `/` and `.` to `-`, other characters dropped
 * (`'`, `&`, `:`), white space to `-`, runs of `-` collapsed and trimmed.
 */
export function sanitizeTitle(title: string): string {
  return title
    .replace(/<[^>]*>/g, '')
    .replace(/&[^;\s]+;/g, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþ]/g, (c) => LIGATURES[c])
    .replace(/[\u00a0\u2013\u2014/.]/g, '-')
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 200);
}

/** `slug`, or with the language as WPML suffixes a translation's slug (`tickets-de`), or `-2`, `-3`, ... : the first that `taken` says is free. */
export function uniqueSlug(slug: string, taken: (s: string) => boolean, suffix?: string): string {
  if (!slug) return slug;
  let out = slug;
  if (taken(out) && suffix) out = `${slug}-${suffix}`;
  for (let n = 2; taken(out) && n < 1_000_000; n++) out = `${slug}-${n}`;
  return out;
}

/** Text as WordPress renders it (`wptexturize`, `convert_chars`): `&` -> `&#038;`, `'` -> `&#8217;`. */
export const texturize = (s: string): string => s.replace(/&(?![#a-z0-9]+;)/gi, '&#038;').replace(/'/g, '&#8217;');

/** A title as WordPress renders it. */
export const renderTitle = texturize;

/** Content or an excerpt as WordPress renders it: block markup and HTML paragraphs as they are, plain text in `<p>`. */
export function renderBlock(raw: string): string {
  if (raw === '') return '';
  if (/^\s*<(p|div|h\d|ul|ol|figure|!-- wp:)/i.test(raw)) return `${raw.replace(/<!-- \/?wp:[^>]*-->\n?/g, '').trim()}\n`;
  return `${raw
    .split(/\n\s*\n/)
    .map((p) => `<p>${texturize(p.trim()).replace(/\n/g, '<br />\n')}</p>`)
    .join('\n')}\n`;
}

/** A free slug of a collection's slugs (`used`), taken. */
export function takeSlug(used: Set<string>, base: string, suffix?: string): string {
  const slug = uniqueSlug(base, (s) => used.has(s), suffix);
  used.add(slug);
  return slug;
}

const ENTITIES: Record<string, string> = {
  '&#038;': '&',
  '&amp;': '&',
  '&#8217;': "'",
  '&#8216;': "'",
  '&#8220;': '"',
  '&#8221;': '"',
  '&#8211;': '–',
  '&#8212;': '—',
  '&#8230;': '…',
  '&hellip;': '…',
  '&nbsp;': '\u00a0',
};
/** The stored text of a rendered one (the entities `texturize` and WordPress's filters write). */
export const untexturize = (s: string): string => s.replace(/&#?[a-z0-9]+;/gi, (e) => ENTITIES[e.toLowerCase()] ?? e);

/** esc_html, as the calendar writes its JSON-LD text (new lines as the two characters `\n`). */
export const ldText = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;').replace(/\n/g, '\\n');

/** One paragraph block: [raw (block markup), rendered]. */
export function paragraph(text: string): [string, string] {
  return [`<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`, `\n<p>${texturize(text)}</p>\n`];
}
