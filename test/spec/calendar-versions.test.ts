// The calendar namespace holds for several releases of the calendar plugin: real answers of TEC 6.2.6
// (transcribed into test/fixtures/calendar/tec-6.2.6.json) and records in the shape of the newest
// release (tec-6.17.2.json) both validate strictly (no undocumented field); a record missing a field
// every version sends fails; each version-specific part carries `x-since` with the release that added
// it, and the `x-since` convention (EXTENSIONS.md) holds across the whole bundle.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundle, deref, operations, requestSchema, ROOT, type Json, type Operation } from '../support/spec.js';
import { check } from '../support/validate.js';

const NS = '/cal/events/v1';
const fixture = (name: string): Json => JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'calendar', name), 'utf8'));
const OLD = fixture('tec-6.2.6.json');
const NEW = fixture('tec-6.17.2.json');
const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const strict = (schema: Json, value: unknown) => check(schema, value, { strict: true });
const op = (method: string, path: string): Operation => {
  const o = operations().find((x) => x.method === method && x.path === `${NS}${path}`);
  if (!o) throw new Error(`no ${method} ${NS}${path}`);
  return o;
};
const param = (o: Operation, name: string): Json => {
  const p = o.params.find((x) => x.name === name && x.in === 'query');
  if (!p) throw new Error(`${o.method} ${o.path} has no query parameter ${name}`);
  return p;
};
const responseSchema = (o: Operation, status: string): Json => deref(deref(o.op.responses[status]).content['application/json'].schema);
const without = (record: Json, key: string): Json => Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));

describe('events: a TEC 6.2.6 record and a newest record both validate strictly', () => {
  it('the fixtures are what they claim to be (6.2.6 sends no custom_fields; the newest does)', () => {
    expect(OLD.event.custom_fields).toBeUndefined();
    expect(OLD.eventWithImage.custom_fields).toBeUndefined();
    expect(NEW.event.custom_fields).toEqual({ _ecp_custom_2: { label: 'Dress code', value: 'Smart casual' } });
  });

  it('a real 6.2.6 single event (venue object, json_ld, terms) and one with an image validate', () => {
    expect(strict(ref('CalEvent'), OLD.event)).toEqual([]);
    expect(strict(ref('CalEvent'), OLD.eventWithImage)).toEqual([]);
  });

  it('a newest event with Additional Fields, and with none (`[]`), validates', () => {
    expect(strict(ref('CalEvent'), NEW.event)).toEqual([]);
    expect(strict(ref('CalEvent'), { ...NEW.event, custom_fields: [] })).toEqual([]);
  });

  it('custom_fields is optional and says since when: x-since TEC 6.10.1', () => {
    const ev = deref(bundle().components.schemas.CalEvent);
    expect(ev.required).not.toContain('custom_fields');
    expect(ev.properties.custom_fields['x-since']).toBe('TEC 6.10.1');
    // `{}` is not what the platform sends for "none", and a field's value is an object with a label.
    expect(strict(ref('CalEvent'), { ...NEW.event, custom_fields: [{ label: 'x', value: 'y' }] })).not.toEqual([]);
    expect(strict(ref('CalEvent'), { ...NEW.event, custom_fields: { _ecp_custom_2: 'Smart casual' } })).not.toEqual([]);
  });

  it('every field both versions send is required: dropping any of them fails', () => {
    const ev = deref(bundle().components.schemas.CalEvent);
    // The fields every version sends: those of the 6.2.6 record and of the newest one, less the
    // single-GET-only json_ld.
    const common = Object.keys(OLD.event)
      .filter((k) => k in NEW.event && k !== 'json_ld')
      .sort();
    expect([...ev.required].sort()).toEqual(common);
    for (const field of common) {
      expect(strict(ref('CalEvent'), without(OLD.event, field)), `6.2.6 without ${field}`).not.toEqual([]);
      expect(strict(ref('CalEvent'), without(NEW.event, field)), `newest without ${field}`).not.toEqual([]);
    }
  });

  it('an undocumented field fails (the record is closed in strict mode)', () => {
    expect(strict(ref('CalEvent'), { ...OLD.event, surprise: 1 })).not.toEqual([]);
  });

  it('a password-protected list item as TEC 6.8.2.1+ redacts it (null flags, [] lists) validates', () => {
    expect(NEW.redactedListEvent.sticky).toBeNull();
    expect(strict(ref('CalEvent'), NEW.redactedListEvent)).toEqual([]);
  });
});

describe('envelopes: the list URLs as the site writes them', () => {
  it('a real 6.2.6 events page validates, with raw spaces in rest_url and an encoded next_rest_url', () => {
    expect(OLD.eventList.rest_url).toContain(' 00:00:00');
    expect(OLD.eventListPage1.next_rest_url).toContain('+00%3A00%3A00');
    expect(strict(responseSchema(op('get', '/events'), '200'), OLD.eventList)).toEqual([]);
    expect(strict(responseSchema(op('get', '/events'), '200'), OLD.eventListPage1)).toEqual([]);
  });

  it('the list URLs claim no `format: uri` (the site breaks it) but must still be absolute http(s) URLs', () => {
    for (const list of ['CalEventList', 'CalVenueList', 'CalOrganizerList']) {
      for (const key of ['rest_url', 'next_rest_url', 'previous_rest_url']) {
        const s = deref(deref(bundle().components.schemas[list]).properties[key]);
        expect(s.format, `${list}.${key}`).toBeUndefined();
        expect(check(s, 'https://festival.example/wp-json/cal/events/v1/events/?start_date=2025-06-13 00:00:00'), `${list}.${key}`).toEqual([]);
        expect(check(s, 'events/?page=2'), `${list}.${key} relative`).not.toEqual([]);
      }
    }
    // Category and tag lists echo only the bare collection URL, which is a valid URI.
    expect(deref(deref(bundle().components.schemas.CalTagList).properties.rest_url).format).toBe('uri');
  });

  it('an envelope missing a member every version sends fails', () => {
    for (const key of ['events', 'rest_url', 'total', 'total_pages']) {
      expect(strict(ref('CalEventList'), without(OLD.eventList, key)), key).not.toEqual([]);
    }
  });
});

describe('venues, organizers and terms of 6.2.6', () => {
  it('a real venue and organizer validate; a venue without show_map (always sent) fails', () => {
    expect(strict(ref('CalVenue'), OLD.venue)).toEqual([]);
    expect(strict(ref('CalOrganizer'), OLD.organizer)).toEqual([]);
    expect(strict(ref('CalVenue'), without(OLD.venue, 'show_map'))).not.toEqual([]);
  });

  it('single-term answers carry the core `_links`; lists and delete answers do not, and both validate', () => {
    expect(OLD.category._links).toBeDefined();
    expect(OLD.tagCreated._links).toBeDefined();
    expect(OLD.tagDeleted._links).toBeUndefined();
    for (const t of OLD.categoryList.categories) expect(t._links).toBeUndefined();
    expect(strict(responseSchema(op('get', '/categories/{id}'), '200'), OLD.category)).toEqual([]);
    expect(strict(responseSchema(op('post', '/tags'), '201'), OLD.tagCreated)).toEqual([]);
    expect(strict(responseSchema(op('delete', '/tags/{id}'), '200'), OLD.tagDeleted)).toEqual([]);
    expect(strict(responseSchema(op('get', '/categories'), '200'), OLD.categoryList)).toEqual([]);
    expect(deref(bundle().components.schemas.CalTerm).required).not.toContain('_links');
  });

  it('a term without `urls` (sent by every version) fails', () => {
    expect(strict(ref('CalTerm'), without(OLD.category, 'urls'))).not.toEqual([]);
  });
});

describe('errors', () => {
  it("the platform's `additional_data` (term_exists on a term create) validates; other item types fail", () => {
    expect(OLD.termExists.additional_data).toEqual([11, 11]);
    expect(strict(responseSchema(op('post', '/categories'), '400'), OLD.termExists)).toEqual([]);
    expect(strict(ref('Error'), { ...OLD.termExists, additional_data: [true] })).not.toEqual([]);
    expect(deref(bundle().components.schemas.Error).properties.additional_data['x-since']).toBe('WordPress 5.6');
  });

  it('a type error with `details` (6.2.6 on WordPress 6.1) and the 404 of TEC 6.17.2 validate', () => {
    expect(strict(responseSchema(op('get', '/events'), '400'), OLD.invalidParam)).toEqual([]);
    expect(strict(responseSchema(op('get', '/events/{id}'), '404'), NEW.eventNotFound)).toEqual([]);
  });
});

describe('request parameters and bodies real sites accept', () => {
  it('the events list takes category and tag slugs as well as ids (6.2.6 answered categories=workshops)', () => {
    const o = op('get', '/events');
    for (const name of ['categories', 'tags']) {
      const s = param(o, name).schema;
      expect(check(s, ['workshops']), name).toEqual([]);
      expect(check(s, [21, 'late-night']), name).toEqual([]);
      expect(check(s, [0]), `${name}: ids are positive`).not.toEqual([]);
      expect(check(s, ['a,b']), `${name}: one slug per item`).not.toEqual([]);
    }
  });

  it('event writes take a single venue or organizer id as well as a list (6.2.6 created `"venue": 37` with 201)', () => {
    for (const [method, path] of [
      ['post', '/events'],
      ['post', '/events/{id}'],
      ['post', '/events/by-slug/{slug}'],
    ]) {
      const s = requestSchema(op(method, path));
      for (const field of ['venue', 'organizer']) {
        const p = deref(s).properties[field];
        expect(check(p, 37), `${path} ${field}`).toEqual([]);
        expect(check(p, [37, 38]), `${path} ${field}`).toEqual([]);
        expect(check(p, null), `${path} ${field}`).toEqual([]);
        expect(check(p, 'Stadsschouwburg'), `${path} ${field}`).not.toEqual([]);
        expect(check(p, 0), `${path} ${field}`).not.toEqual([]);
      }
    }
  });

  it('password and context say since which release they unlock protected records', () => {
    const since = (path: string, method: string, name: string) => param(op(method, path), name)['x-since'];
    for (const name of ['password', 'context']) {
      expect(since('/events', 'get', name)).toBe('TEC 6.8.2.1');
      expect(since('/events/{id}', 'get', name)).toBe('TEC 6.5.0.1');
      expect(since('/events/by-slug/{slug}', 'get', name)).toBe('TEC 6.5.0.1');
      expect(since('/venues', 'get', name)).toBe('TEC 6.15.3');
      expect(since('/organizers', 'get', name)).toBe('TEC 6.15.3');
    }
  });
});

describe('the x-since convention (openapi/EXTENSIONS.md)', () => {
  /** Every node carrying x-since, with the property name and the required list of its parent object. */
  function marked(node: Json, at: string, out: { at: string; value: unknown; required: boolean }[], parent?: Json, key?: string): void {
    if (Array.isArray(node)) {
      node.forEach((n, i) => marked(n, `${at}/${i}`, out));
      return;
    }
    if (!node || typeof node !== 'object') return;
    if ('x-since' in node) {
      const required = key !== undefined ? (parent?.required ?? []).includes(key) : node.required === true;
      out.push({ at, value: node['x-since'], required });
    }
    for (const [k, v] of Object.entries<Json>(node)) {
      if (k === 'examples' || k === 'example') continue;
      if (k === 'properties' && v && typeof v === 'object') {
        for (const [name, p] of Object.entries<Json>(v)) marked(p, `${at}/properties/${name}`, out, node, name);
        continue;
      }
      marked(v, `${at}/${k}`, out);
    }
  }
  const all = () => {
    const out: { at: string; value: unknown; required: boolean }[] = [];
    marked(bundle(), '#', out);
    return out;
  };

  it('is used, in the calendar namespace too', () => {
    expect(all().some((m) => String(m.value).startsWith('TEC '))).toBe(true);
  });

  it('every value names the product and its release: `WordPress 6.3`, `TEC 6.10.1`', () => {
    const bad = all().filter((m) => typeof m.value !== 'string' || !/^(WordPress|TEC) \d+(\.\d+){1,3}$/.test(m.value));
    expect(bad).toEqual([]);
  });

  it('a field or parameter marked x-since is never required (older sites lack it)', () => {
    expect(all().filter((m) => m.required)).toEqual([]);
  });

  it('EXTENSIONS.md documents the product names x-since takes', () => {
    const doc = readFileSync(join(ROOT, 'openapi', 'EXTENSIONS.md'), 'utf8');
    const row = doc.split('\n').find((l) => l.startsWith('| `x-since`'));
    expect(row).toMatch(/TEC/);
    expect(row).toMatch(/WordPress/);
  });
});
