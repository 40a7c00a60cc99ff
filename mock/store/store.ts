// The mock's state: the records of each collection, in the process's memory. It starts from a seed
// (the built-in festival, or `--seed <file>`) and goes back to it on reset. Post-type records
// (posts, pages, media, menu items, revisions, autosaves, events, venues, organizers) share one id
// sequence, as they share `wp_posts` on a real site; terms (calendar categories and tags) have
// their own, as `wp_terms`, comments theirs, as `wp_comments`, and users theirs, as `wp_users`.
import type { Clock } from './clock.ts';
import type { CollectionKey, Lang, Seed } from './seed.ts';
import type { WpRecord } from './record.ts';

/** A stored record and its language (which the record itself does not show). */
export interface Rec {
  lang: Lang;
  record: WpRecord;
}

const TERMS = new Set<string>(['cal/events/v1/categories', 'cal/events/v1/tags']);
const COMMENTS: CollectionKey = 'core/v2/comments';
const USERS: CollectionKey = 'core/v2/users';

export class Store {
  private cols = new Map<CollectionKey, Map<number, Rec>>();
  /** Per collection: slug -> id of the record that has it (writes keep it; a slug is looked up, not searched for). */
  private slugs = new Map<CollectionKey, Map<string, number>>();
  private nextPost = 1;
  private nextTerm = 1;
  private nextComment = 1;
  private nextUser = 1;
  /** Bumped on every change: a list answer may be reused only while it is unchanged. */
  version = 0;
  /** Per record ("collection id"): its size as JSON (bytes), for the store's limits. */
  private sizes = new Map<string, number>();
  /** The records' total size as JSON (bytes). */
  bytes = 0;

  constructor(
    private readonly seed: Seed,
    readonly clock: Clock,
  ) {
    this.reset();
  }

  /** Back to the seed: every record as it was, ids counted from the seed's highest. */
  reset(): void {
    this.cols.clear();
    this.slugs.clear();
    this.sizes.clear();
    this.bytes = 0;
    let maxPost = 0;
    let maxTerm = 0;
    let maxComment = 0;
    let maxUser = 0;
    for (const [key, entries] of Object.entries(this.seed) as [CollectionKey, Seed[CollectionKey]][]) {
      const map = new Map<number, Rec>();
      for (const e of entries) {
        const id = Number(e.record.id);
        map.set(id, { lang: e.lang, record: structuredClone(e.record) });
        this.account(key, id, e.record);
        this.index(key, id, e.record.slug);
        if (TERMS.has(key)) maxTerm = Math.max(maxTerm, id);
        else if (key === COMMENTS) maxComment = Math.max(maxComment, id);
        else if (key === USERS) maxUser = Math.max(maxUser, id);
        else maxPost = Math.max(maxPost, id);
      }
      this.cols.set(key, map);
    }
    this.nextPost = maxPost + 1;
    this.nextTerm = maxTerm + 1;
    this.nextComment = maxComment + 1;
    this.nextUser = maxUser + 1;
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

  private index(key: CollectionKey, id: number, slug: unknown): void {
    let m = this.slugs.get(key);
    if (!m) this.slugs.set(key, (m = new Map()));
    if (typeof slug === 'string' && slug !== '' && !m.has(slug)) m.set(slug, id);
  }

  private unindex(key: CollectionKey, id: number): void {
    const m = this.slugs.get(key);
    if (!m) return;
    for (const [slug, owner] of m) if (owner === id) m.delete(slug);
  }

  /** The record whose slug is `slug` (the calendar's by-slug routes), or undefined. */
  bySlug(key: CollectionKey, slug: string): Rec | undefined {
    const id = this.slugs.get(key)?.get(slug);
    const rec = id === undefined ? undefined : this.col(key).get(id);
    return rec?.record.slug === slug ? rec : undefined;
  }

  /** Does another record of the collection than `id` have this slug? */
  slugTaken(key: CollectionKey, slug: string, id?: number): boolean {
    const owner = this.slugs.get(key)?.get(slug);
    return owner !== undefined && owner !== id && this.col(key).get(owner)?.record.slug === slug;
  }

  put(key: CollectionKey, rec: Rec): void {
    const id = Number(rec.record.id);
    const old = this.slugs.get(key);
    if (old && rec.record.slug !== undefined && old.get(rec.record.slug) !== id) {
      this.unindex(key, id);
      this.index(key, id, rec.record.slug);
    }
    if (!old) this.index(key, id, rec.record.slug);
    this.col(key).set(id, rec);
    this.account(key, id, rec.record);
    this.version++;
  }

  /** Keep a record's size (undefined: removed) in the total. */
  private account(key: CollectionKey, id: number, record: WpRecord | undefined): void {
    const k = `${key} ${id}`;
    this.bytes -= this.sizes.get(k) ?? 0;
    if (record === undefined) {
      this.sizes.delete(k);
      return;
    }
    const size = Buffer.byteLength(JSON.stringify(record));
    this.sizes.set(k, size);
    this.bytes += size;
  }

  /** How many records the store holds (every collection). */
  size(): number {
    return this.sizes.size;
  }

  remove(key: CollectionKey, id: number): void {
    this.account(key, id, undefined);
    this.col(key).delete(id);
    this.unindex(key, id);
    this.version++;
  }

  /** A new id: of a post-type record, or of a term. */
  newId(key: CollectionKey): number {
    return TERMS.has(key) ? this.nextTerm++ : key === COMMENTS ? this.nextComment++ : key === USERS ? this.nextUser++ : this.nextPost++;
  }

  /** Records per collection (the control route's state answer). */
  counts(): Record<string, number> {
    return Object.fromEntries([...this.cols].map(([k, m]) => [k, m.size]));
  }
}
