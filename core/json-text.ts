// A JSON text read without parsing it (issue 31, D181): one pass that counts its values, checks its
// depth and finds the items of a top-level list. A parsed value costs about 32 bytes per value in V8
// (an empty object, `{}`, 3 bytes of text), so a 64 MB answer of `{}` items is about 22 million
// objects: parsed whole it needs gigabytes. What is parsed whole is bounded by MAX_PARSED_VALUES;
// a longer list is parsed one item at a time (its items' places in the text are what this finds).

/** The most values a JSON text (or one list item) may hold to be parsed whole: about 32 MB once parsed. */
export const MAX_PARSED_VALUES = 1_000_000;

/** One item of a top-level list: where its text starts and ends, and how many values it holds. */
export interface ItemSpan {
  from: number;
  to: number;
  values: number;
}

/** What one pass over a JSON text finds. */
export interface JsonScan {
  /** The values it holds (at most: `{`, `[` and `,` outside strings, plus one). */
  values: number;
  /** It nests deeper than the depth asked. */
  tooDeep: boolean;
  /** A top-level list: its number of items and the places of its first items. */
  list?: { count: number; items: ItemSpan[] };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;

/**
 * Scan a JSON text in one pass, strings skipped: its values, its depth (beyond `maxDepth` the pass
 * stops), and when it is a list, its item count and the places of its first `keep` items. Linear
 * time; memory for `keep` places. The text is not checked for syntax: an item is, when it is parsed.
 */
export function scanJson(text: string, { keep, maxDepth }: { keep: number; maxDepth: number }): JsonScan {
  let values = 1;
  let depth = 0;
  const isList = /^\s*\[/.test(text);
  const items: ItemSpan[] = [];
  let count = 0;
  let itemFrom = -1;
  let itemValues = 0;
  let itemSeen = false;
  const endItem = (to: number): void => {
    if (itemSeen) {
      count++;
      if (items.length < keep) items.push({ from: itemFrom, to, values: Math.max(1, values - itemValues) });
    }
    itemFrom = to + 1;
    itemSeen = false;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch > 0x20 && depth > 0) itemSeen = true;
    if (ch === QUOTE) {
      // Skip the string: to the next quote that no backslash escapes.
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
    } else if (ch === OPEN_OBJECT || ch === OPEN_ARRAY) {
      if (++depth > maxDepth) return { values, tooDeep: true };
      if (depth === 1 && isList) {
        itemFrom = i + 1;
        itemValues = values;
        itemSeen = false;
        continue;
      }
      values++;
    } else if (ch === CLOSE_OBJECT || ch === CLOSE_ARRAY) {
      if (depth === 1 && isList) {
        // The closing bracket itself is no part of the last item.
        if (ch === CLOSE_ARRAY) itemSeen = itemSeen && /\S/.test(text.slice(itemFrom, i));
        endItem(i);
      }
      depth--;
    } else if (ch === COMMA) {
      if (depth === 1 && isList) {
        endItem(i);
        itemValues = ++values;
      } else values++;
    }
  }
  return { values, tooDeep: false, ...(isList ? { list: { count, items } } : {}) };
}
