// Known differences between the spec (written from a newer platform plus the festival's plugins) and
// an older or stock site. A drift finding that matches an entry is reported as known, not as drift.
// `route` is a spec route pattern with `*` wildcards (or omitted for every route); `param` a parameter
// name; `value` an enum value; `kinds` the drift kinds the entry explains.
import { LANGUAGE_PARAM } from '../core/platform.js';

/** A difference between the spec and a site that is known and explained. */
export interface KnownDifference {
  param: string;
  kinds: string[];
  route?: string;
  value?: string;
  specTypes?: string[];
  siteTypes?: string[];
  reason: string;
}

export const KNOWN_DIFFERENCES: KnownDifference[] = [
  { param: 'search_semantics', kinds: ['spec-only', 'absent'], reason: 'list parameter added after WordPress 6.1 (the seed is newer)' },
  { param: 'search_columns', kinds: ['spec-only', 'absent'], reason: 'list parameter added after WordPress 6.1 (the seed is newer)' },
  { param: 'excerpt_length', kinds: ['spec-only', 'absent'], reason: 'item parameter added after WordPress 6.1 (the seed is newer)' },
  { param: 'format', route: '/core/v2/posts', kinds: ['spec-only'], reason: 'posts list filter by format added after WordPress 6.1 (the seed is newer)' },
  { param: 'ignore_sticky', route: '/core/v2/posts', kinds: ['spec-only'], reason: 'posts list parameter added after WordPress 6.1 (the seed is newer)' },
  { param: LANGUAGE_PARAM, kinds: ['absent'], reason: "the translation plugin's language parameter: absent where that plugin is not installed" },
  ...['title', 'content', 'excerpt', 'caption', 'description'].map((param) => ({
    param,
    kinds: ['type'],
    specTypes: ['object', 'string'],
    siteTypes: ['object'],
    reason: 'WordPress declares an object but also accepts a plain string (the field has no validate callback)',
  })),
  {
    param: 'orderby',
    value: 'include_slugs',
    kinds: ['enum'],
    reason: '`include_slugs` orderby value: absent on sites older than the seed (WordPress 6.1.9 has it on posts, pages and revisions)',
  },
  { param: 'meta', value: 'footnotes', kinds: ['property'], reason: '`footnotes` post meta registered by WordPress 6.3 and later' },
  {
    param: 'status',
    value: 'dp-rewrite-republish',
    kinds: ['enum'],
    reason: 'post status registered by a duplicate-post plugin of the festival site, absent on a stock site',
  },
  { param: 'status', value: 'leads', kinds: ['enum'], reason: 'post status registered by a plugin of the festival site, absent on a stock site' },
];

function globToRegExp(glob: string) {
  return new RegExp(
    `^${glob
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
}

/** What a finding is looked up by: its route, parameter and kind, the values in question, and each side's types. */
export interface FindingKey {
  route: string;
  param: string;
  kind: string;
  values?: unknown[];
  spec?: unknown;
  site?: unknown;
}

/** The reason a finding is known, or undefined. */
export function knownReason(finding: FindingKey) {
  for (const k of KNOWN_DIFFERENCES) {
    if (k.param !== finding.param || !k.kinds.includes(finding.kind)) continue;
    if (k.route && !globToRegExp(k.route).test(finding.route)) continue;
    if (k.value !== undefined && !(finding.values ?? []).includes(k.value)) continue;
    if (k.specTypes && JSON.stringify(k.specTypes) !== JSON.stringify(finding.spec)) continue;
    if (k.siteTypes && JSON.stringify(k.siteTypes) !== JSON.stringify(finding.site)) continue;
    return k.reason;
  }
  return undefined;
}
