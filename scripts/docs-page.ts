// The docs page's embedded definition, packed: Redoc's `build-docs --inlineBundle` writes the whole
// docs bundle into the page as a JSON literal (`const __redoc_definition = {...};`, half the page's
// bytes). `packDefinition` replaces it with its gzip, base64-encoded, and the page unpacks it with
// the browser's own `DecompressionStream` before it hydrates Redoc (DECISIONS D250). The page stays
// one self-contained file that makes no request; `definitionOf` reads the definition back (tests).
import { gunzipSync, gzipSync } from 'node:zlib';

const START = 'const __redoc_definition = ';
const END = ';\n      const __redoc_options = ';
const HYDRATE = "hydrate(__redoc_definition, __redoc_options, document.getElementById('redoc'));";
const PACKED = 'const __redoc_definition_gzip = "';
/** The largest definition `definitionOf` unpacks (the spec's is ~2 MB; a bound, as for every read). */
const MAX_DEFINITION = 64 << 20;

/** The unpacking script: the base64 text to bytes, gunzip through the browser's stream, JSON, then Redoc. */
const UNPACK =
  "new Response(new Blob([Uint8Array.from(atob(__redoc_definition_gzip), (c) => c.charCodeAt(0))]).stream().pipeThrough(new DecompressionStream('gzip')))" +
  ".json().then((definition) => hydrate(definition, __redoc_options, document.getElementById('redoc')));";

/** Where Redoc's page holds the definition literal: [start of the JSON, end of the JSON]. */
function literalAt(html: string): [number, number] {
  const start = html.indexOf(START);
  const end = start < 0 ? -1 : html.indexOf(END, start);
  if (start < 0 || end < 0 || html.indexOf(START, start + 1) >= 0 || !html.includes(HYDRATE))
    throw new Error(
      'docs page: Redoc wrote no single `__redoc_definition` literal with its `hydrate` call (a Redoc upgrade changed the page); the definition is left as it is',
    );
  return [start + START.length, end];
}

/** The page with its definition literal replaced by the gzip of the same JSON text, and hydrated after unpacking. */
export function packDefinition(html: string): string {
  const [from, to] = literalAt(html);
  const json = html.slice(from, to);
  JSON.parse(json); // Redoc's literal is JSON (with `<` escaped): anything else is not packed.
  // Level 9, no file name, mtime 0 (Node's default): the same JSON gives the same bytes.
  const packed = gzipSync(Buffer.from(json, 'utf8'), { level: 9 }).toString('base64');
  return `${html.slice(0, from - START.length)}${PACKED}${packed}"${html.slice(to).replace(HYDRATE, UNPACK)}`;
}

/** The definition a packed page carries, as JSON text (bounded). */
export function definitionOf(html: string): string {
  const start = html.indexOf(PACKED);
  const end = start < 0 ? -1 : html.indexOf('"', start + PACKED.length);
  if (start < 0 || end < 0) throw new Error('docs page: no packed definition (`__redoc_definition_gzip`)');
  return gunzipSync(Buffer.from(html.slice(start + PACKED.length, end), 'base64'), { maxOutputLength: MAX_DEFINITION }).toString('utf8');
}
