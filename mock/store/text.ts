// What WordPress does to the text it stores: slugs from titles (`sanitize_title`), unique slugs
// (`wp_unique_post_slug`: `-2`, `-3`, ...), the rendered form of a title (`wptexturize`'s `&`) and
// of content and excerpts (`wpautop`: paragraphs).

/** `sanitize_title`: accents removed, tags stripped, lower case, anything else than a-z 0-9 `-` `_` becomes `-`. */
export function sanitizeTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z0-9#]+;/gi, '')
    .toLowerCase()
    .replace(/[^a-z0-9_\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200);
}

/** The first of `slug`, `slug-2`, `slug-3`, ... that `taken` says is free. */
export function uniqueSlug(slug: string, taken: (s: string) => boolean): string {
  if (!slug || !taken(slug)) return slug;
  for (let n = 2; n < 100_000; n++) if (!taken(`${slug}-${n}`)) return `${slug}-${n}`;
  return `${slug}-${Date.now()}`;
}

/** A title as WordPress renders it: a bare `&` becomes `&#038;`. */
export const renderTitle = (raw: string): string => raw.replace(/&(?![a-z0-9#]+;)/gi, '&#038;');

/** Content or an excerpt as WordPress renders it: block markup and HTML paragraphs as they are, plain text in `<p>`. */
export function renderBlock(raw: string): string {
  if (raw === '') return '';
  if (/^\s*<(p|div|h\d|ul|ol|figure|!-- wp:)/i.test(raw)) return `${raw.replace(/<!-- \/?wp:[^>]*-->\n?/g, '').trim()}\n`;
  return `${raw
    .split(/\n\s*\n/)
    .map((p) => `<p>${renderTitle(p.trim()).replace(/\n/g, '<br />\n')}</p>`)
    .join('\n')}\n`;
}
