// The JUnit XML of `contract` and `validate-har` (cli/lib/junit.ts, written with @xmldom/xmldom)
// for hostile strings from a site or a recording: C0 and C1 controls, DEL, `]]>`, lone surrogates,
// U+FFFE, `<`, `&`, entity look-alikes (`&#0;`, `&bogus;`, which one XML library passes through
// unescaped), quotes, tabs and newlines in attributes, and markup that tries to close the element.
// Each document must be well-formed (the strict checker of test/support/xml.ts, then an XML parser
// that stops at any warning), and read back, every value must be the input with exactly the
// characters XML cannot carry (and DEL, C1) shown as `\uXXXX` (D115, D147).
import { DOMParser, onWarningStopParsing } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { harJunitXml } from '../../cli/lib/har-report.ts';
import { junitXml } from '../../cli/lib/report.ts';
import { xmlProblems } from '../support/xml.ts';

const HOSTILE = [
  'plain',
  'a\u0000b\u0001c\u0008d\u000be\u000cf\u001bg\u001fh',
  'del\u007f c1\u0080\u0085\u009f',
  ']]> and <![CDATA[ x ]]>',
  'lone \ud800 high, lone \udc00 low, reversed \udc00\ud800, pair \ud83d\ude00 kept',
  'non-characters \ufffe \uffff',
  '<script>alert(1)</script> & &amp; &#0; &#x1; &bogus;',
  '" onload="x" \' <testcase name="injected"/>',
  '</failure></testcase></testsuite></testsuites><x>',
  '\u001b[2J\u001b]0;pwned\u0007 \u202e bidi',
  'tab\there, line\nbreak kept in attributes too',
];

/** What a reader must get back: the characters XML 1.0 forbids, DEL and C1 as `\uXXXX`, the rest as given. */
const expected = (s: string): string =>
  s.replace(
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

interface El {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: El[];
}

/** Read a document back (after the strict well-formedness check) as a tree of names, attributes and text. */
function readBack(xml: string): El {
  expect(xmlProblems(xml)).toEqual([]);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const walk = (n: any): El => {
    const attrs: Record<string, string> = {};
    for (const a of n.attributes) attrs[a.name] = a.value;
    const kids = [...n.childNodes];
    return {
      name: n.nodeName,
      attrs,
      text: kids
        .filter((k) => k.nodeType === 3)
        .map((k) => k.data)
        .join(''),
      children: kids.filter((k) => k.nodeType === 1).map(walk),
    };
  };
  return walk(new DOMParser({ onError: onWarningStopParsing }).parseFromString(xml, 'text/xml').documentElement);
}

function contractReport(t: string) {
  return {
    baseUrl: `http://site.example/${t}`,
    startedAt: t,
    summary: { operations: 2, failed: 1, skipped: 1, notReachable: 0 },
    scopeProblems: [`nothing was checked: ${t}`],
    operations: [
      {
        namespace: t,
        id: t,
        method: 'GET',
        path: t,
        verdict: 'failed',
        checks: [{ name: t, kind: 'read', ok: false, ms: 1, request: { method: 'GET', url: t }, status: 500, code: t, errors: [t] }],
      },
      { namespace: t, id: 'second', method: 'GET', path: '/x', verdict: 'skipped', reason: t, checks: [] },
    ],
  };
}

function harReport(t: string) {
  const op = { namespace: t, id: t, method: 'GET', path: t, entries: 3, conforming: 1, nonConforming: 2, requestsInvalid: 0 };
  const entry = {
    file: t,
    index: 0,
    method: 'GET',
    url: t,
    status: 500,
    comment: t,
    operation: { method: 'GET', path: t, id: t },
    verdict: 'does not conform',
    reason: t,
    failures: [{ pointer: t, reason: t }],
    request: { verdict: 'invalid', problems: [{ pointer: t, reason: t }] },
  };
  return {
    startedAt: t,
    summary: { inScope: 3, unreadable: 1, nonConforming: 2 },
    operations: [op],
    entries: [entry, { ...entry, index: 1, operation: undefined, reason: t }],
  };
}

describe('hostile strings in the JUnit XML', () => {
  it.each(HOSTILE.map((t) => [JSON.stringify(t).slice(0, 40), t]))('contract: %s', (_name, t) => {
    const doc = readBack(junitXml(contractReport(t)));
    const want = expected(t);
    expect(doc.name).toBe('testsuites');
    expect(doc.attrs).toEqual({ name: `contract http://site.example/${want}`, tests: '3', failures: '2', skipped: '1' });
    const [suite, scope] = doc.children;
    expect(doc.children.map((s) => s.attrs.name)).toEqual([want, 'scope']);
    expect(suite.attrs).toMatchObject({ tests: '2', failures: '1', skipped: '1', timestamp: want });
    const [failed, skipped] = suite.children;
    expect(failed.attrs).toEqual({ classname: want, name: `${want} (GET ${want})`, time: '0.001' });
    expect(failed.children.map((c) => c.name)).toEqual(['failure', 'system-out']);
    expect(failed.children[0].attrs.message).toBe('1 of 1 checks failed');
    expect(failed.children[0].text).toBe(`${want}: GET ${want} -> 500\n  ${want}`);
    expect(failed.children[1].text).toBe(`FAIL ${want}: GET ${want} -> 500 ${want}`);
    expect(skipped.children[0]).toMatchObject({ name: 'skipped', attrs: { message: want } });
    expect(scope.children[0].children[0]).toMatchObject({ name: 'failure', attrs: { message: `nothing was checked: ${want}` } });
  });

  it.each(HOSTILE.map((t) => [JSON.stringify(t).slice(0, 40), t]))('validate-har: %s', (_name, t) => {
    const doc = readBack(harJunitXml(harReport(t)));
    const want = expected(t);
    expect(doc.attrs).toEqual({ name: 'validate-har', tests: '4', failures: '3', skipped: '0' });
    const [suite, unreadable] = doc.children;
    expect(suite.attrs).toMatchObject({ name: want, tests: '3', failures: '2', timestamp: want });
    expect(suite.children.map((c) => c.attrs.name)).toEqual([
      `${want} ${want}#0 GET ${want}`,
      `${want} (GET ${want}): 1 further entries that do not conform (not listed)`,
      `${want} (GET ${want}): 1 conforming entries`,
    ]);
    const [listed] = suite.children;
    expect(listed.children[0].text).toBe(`${want} ${want}\n${want}`);
    expect(listed.children[1].text).toBe(`${want}#0 GET ${want} -> 500  (${want})\nrequest: invalid: ${want} ${want}`);
    expect(unreadable.attrs.name).toBe('unreadable entries');
    expect(unreadable.children[0].attrs).toEqual({ classname: 'unreadable', name: `${want}#1`, time: '0' });
    expect(unreadable.children[0].children[0].attrs.message).toBe(want);
  });

  it('the checks above can fail: a hand-written document with a raw control character or a bare & is refused', () => {
    expect(xmlProblems('<?xml version="1.0"?><a b="x\u0001"/>')).not.toEqual([]);
    expect(xmlProblems('<?xml version="1.0"?><a>x & y</a>')).not.toEqual([]);
    expect(xmlProblems('<?xml version="1.0"?><a>\ud800</a>')).not.toEqual([]);
    expect(expected('\u0001\u007f\ud800\ud83d\ude00')).toBe('\\u0001\\u007f\\ud800\ud83d\ude00');
  });
});
