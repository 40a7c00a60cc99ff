// A strict XML 1.0 well-formedness check for the reports' JUnit XML (independent of the library that
// writes it, @xmldom/xmldom, D147):
// every character is an XML Char, every character reference names one, `<` and `&` appear only as
// markup or entities, attributes are quoted and unique per element, and elements nest and close.
// Returns the problems (empty when the document is well-formed). Enough for the CLI's own output:
// no DOCTYPE, CDATA or processing instruction other than the XML declaration.

const NAME = /^[A-Za-z_:][A-Za-z0-9_:.-]*$/;
// XML 1.0 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]
const isXmlChar = (cp: number) =>
  cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);

function checkText(text: string, where: string, problems: string[], attribute = false): void {
  for (const m of text.matchAll(/&([^;&<]{0,12});?/g)) {
    const ref = m[1];
    if (!m[0].endsWith(';')) {
      problems.push(`${where}: a bare & (${JSON.stringify(m[0])})`);
      continue;
    }
    if (/^(amp|lt|gt|quot|apos)$/.test(ref)) continue;
    const num = /^#(\d+)$/.exec(ref)?.[1] ?? (/^#x([0-9a-fA-F]+)$/.exec(ref)?.[1] !== undefined ? String(parseInt(ref.slice(2), 16)) : undefined);
    if (num === undefined) problems.push(`${where}: unknown entity &${ref};`);
    else if (!isXmlChar(Number(num))) problems.push(`${where}: character reference &${ref}; is not an XML character`);
  }
  if (text.includes('<')) problems.push(`${where}: a raw < in ${attribute ? 'an attribute' : 'text'}`);
}

export function xmlProblems(doc: string): string[] {
  const problems: string[] = [];
  for (const ch of doc) {
    const cp = ch.codePointAt(0)!;
    if (!isXmlChar(cp)) {
      problems.push(`character U+${cp.toString(16).padStart(4, '0')} is not allowed in XML 1.0`);
      if (problems.length > 20) return problems;
    }
  }
  let rest = doc.replace(/^<\?xml[^?]*\?>/, '');
  const stack: string[] = [];
  let roots = 0;
  while (rest.length) {
    const lt = rest.indexOf('<');
    const text = lt < 0 ? rest : rest.slice(0, lt);
    if (text) {
      if (!stack.length && text.trim()) problems.push(`text outside the root element: ${JSON.stringify(text.slice(0, 40))}`);
      checkText(text, `text in <${stack.at(-1) ?? '(none)'}>`, problems);
    }
    if (lt < 0) break;
    rest = rest.slice(lt);
    const close = /^<\/([^\s>]+)\s*>/.exec(rest);
    if (close) {
      const open = stack.pop();
      if (open !== close[1]) problems.push(`</${close[1]}> closes <${open ?? '(nothing)'}>`);
      rest = rest.slice(close[0].length);
      continue;
    }
    const tag = /^<([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/.exec(rest);
    if (!tag) {
      problems.push(`malformed markup at ${JSON.stringify(rest.slice(0, 60))}`);
      break;
    }
    if (!NAME.test(tag[1])) problems.push(`bad element name ${JSON.stringify(tag[1])}`);
    if (!stack.length) roots++;
    const seen = new Set<string>();
    for (const a of tag[2].matchAll(/([^\s=]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
      if (!NAME.test(a[1])) problems.push(`bad attribute name ${JSON.stringify(a[1])}`);
      if (seen.has(a[1])) problems.push(`attribute ${a[1]} repeated on <${tag[1]}>`);
      seen.add(a[1]);
      checkText(a[3] ?? a[4] ?? '', `attribute ${a[1]} of <${tag[1]}>`, problems, true);
    }
    if (!tag[3]) stack.push(tag[1]);
    rest = rest.slice(tag[0].length);
  }
  if (stack.length) problems.push(`unclosed elements: ${stack.join(' > ')}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}
