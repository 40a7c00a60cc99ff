// JUnit XML for the contract and validate-har reports, written by a library, never by string
// concatenation: @xmldom/xmldom builds the document and serialises it, escaping markup by
// construction (`&`, `<`, `>` and `]]>` in text; `&`, `<`, `>`, `"`, tab, newline and CR in
// attributes), and with `requireWellFormed` it throws rather than write a character XML 1.0
// forbids. Those characters (C0 controls but tab, newline and CR; lone surrogates; U+FFFE, U+FFFF)
// and DEL and C1, which a reader could misread, are shown as a visible `\uXXXX` first, so a report
// keeps the evidence (D115, D147).
import { DOMImplementation, XMLSerializer, type Document, type Element } from '@xmldom/xmldom';

/** One test case: a failure (message and text; no message attribute when it has none), a skip (its reason), and what it printed. */
export interface JunitCase {
  classname: string;
  name: string;
  time: string;
  failure?: { message: string | undefined; text?: string };
  skipped?: string;
  systemOut?: string;
}

/** One test suite and its counts (the counts are the report's, not recounted here). */
export interface JunitSuite {
  name: string;
  tests: number;
  failures: number;
  skipped: number;
  timestamp?: string;
  cases: JunitCase[];
}

const NOT_SHOWN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Text as the report shows it: the characters above as `\uXXXX`, everything else as it is. */
export const shown = (s: unknown): string => String(s ?? '').replace(NOT_SHOWN, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Append `<name attrs>` (text inside when given) to `parent`, on its own indented line. */
function child(doc: Document, parent: Element, depth: number, name: string, attrs: Record<string, string | undefined>, text?: string): Element {
  const el = doc.createElement(name);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) el.setAttribute(k, shown(v));
  if (text !== undefined) el.appendChild(doc.createTextNode(shown(text)));
  parent.appendChild(doc.createTextNode(`\n${'  '.repeat(depth)}`));
  parent.appendChild(el);
  return el;
}

/** Close `el`'s children with a line break at its own depth (when it has children). */
const closeLine = (doc: Document, el: Element, depth: number) => {
  if (el.firstChild) el.appendChild(doc.createTextNode(`\n${'  '.repeat(depth)}`));
};

/** The JUnit document: `<testsuites>` with its counts, one `<testsuite>` per suite, in order. */
export function junitDocument(root: { name: string; tests: number; failures: number; skipped: number }, suites: JunitSuite[]): string {
  const doc = new DOMImplementation().createDocument(null, 'testsuites', null);
  const top = doc.documentElement!;
  for (const [k, v] of Object.entries({ name: root.name, tests: root.tests, failures: root.failures, skipped: root.skipped })) top.setAttribute(k, shown(v));
  for (const s of suites) {
    const { name, tests, failures, skipped, timestamp } = s;
    const suite = child(doc, top, 1, 'testsuite', { name, tests: String(tests), failures: String(failures), skipped: String(skipped), timestamp });
    for (const c of s.cases) {
      const tc = child(doc, suite, 2, 'testcase', { classname: c.classname, name: c.name, time: c.time });
      if (c.failure) child(doc, tc, 3, 'failure', { message: c.failure.message }, c.failure.text);
      if (c.skipped !== undefined) child(doc, tc, 3, 'skipped', { message: c.skipped });
      if (c.systemOut !== undefined) child(doc, tc, 3, 'system-out', {}, c.systemOut);
      closeLine(doc, tc, 2);
    }
    closeLine(doc, suite, 1);
  }
  closeLine(doc, top, 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(doc, { requireWellFormed: true })}\n`;
}
