// Values from outside are `unknown`, read through core/json.ts: every reader answers `undefined` (or an
// empty list) for a shape it does not expect and never throws, so a hostile shape takes the path of a
// missing member; an inherited member (`__proto__`, `constructor`) is never read as the value's own.
import { describe, expect, it } from 'vitest';
import { asArray, asBoolean, asNumber, asObject, asString, at, entriesOf, isObject, member, objects } from '../../core/json.ts';

const HOSTILE: unknown[] = [null, undefined, 0, NaN, Infinity, '', 'x', true, [], [1, 'a'], {}, Object.create(null), () => 1];

describe('core/json.ts', () => {
  it('tells objects from arrays, null and other values', () => {
    expect([{}, Object.create(null), { a: 1 }].every(isObject)).toBe(true);
    expect([null, undefined, [], 'x', 1, true].some(isObject)).toBe(false);
  });

  it('narrows scalars to their own type only (a number must be finite)', () => {
    expect([asString('x'), asString(1), asString(null)]).toEqual(['x', undefined, undefined]);
    expect([asNumber(2.5), asNumber(NaN), asNumber(Infinity), asNumber('2')]).toEqual([2.5, undefined, undefined, undefined]);
    expect([asBoolean(false), asBoolean(0), asBoolean('true')]).toEqual([false, undefined, undefined]);
    expect([asArray([1]), asArray({ 0: 1, length: 1 })]).toEqual([[1], undefined]);
    expect([asObject({ a: 1 }), asObject([1])]).toEqual([{ a: 1 }, undefined]);
  });

  it('follows members and indexes, and stops at the first missing step', () => {
    const body: unknown = JSON.parse('{"events":[{"id":7,"venue":{"id":3}}],"n":null}');
    expect(at(body, 'events', 0, 'id')).toBe(7);
    expect(at(body, 'events', 0, 'venue', 'id')).toBe(3);
    expect(at(body, 'events', 1, 'id')).toBeUndefined();
    expect(at(body, 'events', 'id')).toBeUndefined(); // a name on an array
    expect(at(body, 0)).toBeUndefined(); // an index on an object
    expect(at(body, 'n', 'x')).toBeUndefined();
  });

  it('reads only own members: a hostile key names nothing inherited', () => {
    const v: unknown = JSON.parse('{"__proto__":{"polluted":1},"a":1}');
    expect(member(v, 'toString')).toBeUndefined();
    expect(member(v, 'constructor')).toBeUndefined();
    expect(member(v, '__proto__')).toEqual({ polluted: 1 }); // JSON.parse makes it an own member
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never throws, whatever the shape', () => {
    for (const v of HOSTILE) {
      expect(() => [at(v, 'a', 0, 'b'), member(v, 'a'), objects(v), entriesOf(v), asObject(v), asArray(v)]).not.toThrow();
      expect(objects(v)).toEqual([]);
    }
    expect(objects([1, { a: 1 }, null, [], { b: 2 }])).toEqual([{ a: 1 }, { b: 2 }]);
    expect(entriesOf({ a: 1 })).toEqual([['a', 1]]);
    expect(entriesOf([1])).toEqual([]);
  });
});
