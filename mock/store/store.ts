// The mock's state: the records of each collection, in the process's memory. It starts from a seed
// (the built-in festival, or `--seed <file>`) and goes back to it on reset. Post-type records
// (posts, pages, media, menu items, revisions, autosaves, events, venues, organizers) share one id
// sequence, as they share `wp_posts` on a real site; terms (calendar categories and tags) have
// their own, as `wp_terms`.
import type { Clock } from './clock.ts';
import type { CollectionKey, Lang, Seed } from './seed.ts';
import type { Node } from '../types.ts';

/** A stored record and its language (which the record itself does not show). */
export interface Rec {
  lang: Lang;
  record: Node;
}

const TERMS = new Set<string>(['cal/events/v1/categories', 'cal/events/v1/tags']);

export class Store {
  private cols = new Map<CollectionKey, Map<number, Rec>>();
  private nextPost = 1;
  private nextTerm = 1;
  /** Bumped on every change: a list answer may be reused only while it is unchanged. */
  version = 0;

  constructor(
    private readonly seed: Seed,
    readonly clock: Clock,
  ) {
    this.reset();
  }

  /** Back to the seed: every record as it was, ids counted from the seed's highest. */
  reset(): void {
    this.cols.clear();
    let maxPost = 0;
    let maxTerm = 0;
    for (const [key, entries] of Object.entries(this.seed) as [CollectionKey, Seed[CollectionKey]][]) {
      const map = new Map<number, Rec>();
      for (const e of entries) {
        const id = Number(e.record.id);
        map.set(id, { lang: e.lang, record: structuredClone(e.record) });
        if (TERMS.has(key)) maxTerm = Math.max(maxTerm, id);
        else maxPost = Math.max(maxPost, id);
      }
      this.cols.set(key, map);
    }
    this.nextPost = maxPost + 1;
    this.nextTerm = maxTerm + 1;
    this.version++;
  }

  private col(key: CollectionKey): Map<number, Rec> {
    let map = this.cols.get(key);
    if (!map) {
      map = new Map();
      this.cols.set(key, map);
    }
    return map;
  }

  all(key: CollectionKey): Rec[] {
    return [...this.col(key).values()];
  }

  get(key: CollectionKey, id: number): Rec | undefined {
    return this.col(key).get(id);
  }

  /** The record whose slug is `slug` (the calendar's by-slug routes), or undefined. */
  bySlug(key: CollectionKey, slug: string): Rec | undefined {
    for (const r of this.col(key).values()) if (r.record.slug === slug) return r;
    return undefined;
  }

  put(key: CollectionKey, rec: Rec): void {
    this.col(key).set(Number(rec.record.id), rec);
    this.version++;
  }

  remove(key: CollectionKey, id: number): void {
    this.col(key).delete(id);
    this.version++;
  }

  /** A new id: of a post-type record, or of a term. */
  newId(key: CollectionKey): number {
    return TERMS.has(key) ? this.nextTerm++ : this.nextPost++;
  }

  /** Records per collection (the control route's state answer). */
  counts(): Record<string, number> {
    return Object.fromEntries([...this.cols].map(([k, m]) => [k, m.size]));
  }
}
