// An answer shaped as the platform's, on every route: paging (paging.ts), `context`, `_embed` and
// `_fields` (globals.ts), and its URLs on the mock's origin in the request's naming (naming.ts).
import type { IncomingMessage } from 'node:http';
import { contextProperties, embedRels, addEmbedded, applyFields, lastParam, projectContext } from './globals.ts';
import { keptBytes, type Naming as TextNaming } from './json-text.ts';
import { indexInNaming, renameParams, restNamespaceInNaming, rewriteUrls, type Naming } from './naming.ts';
import { listKind, pageAnswer, type Shaped } from './paging.ts';
import { jsonReply, platformReply } from './reply.ts';
import { HOST } from './store/record.ts';
import { isErrorBody, type Asked, type Front, type Headers, type Reply } from './types.ts';

/** The examples' host (`festival.example`), which every answer's text is rewritten away from. */
const EXAMPLES_HOST = new URL(HOST).host;

/** The text naming of a request: its origin and naming, and the rewriting of a JSON text into them. */
function textNaming(front: Front, origin: string, naming: Naming): TextNaming {
  return { key: `${origin} ${naming.form} ${naming.entry}`, rewrite: (t) => rewriteUrls(restNamespaceInNaming(t, naming), origin, naming, front.namespaces) };
}

/** Prism's successful JSON answer shaped as the platform's: paging, context, `_embed`, `_fields`. */
export async function shape(
  front: Front,
  req: IncomingMessage,
  asked: Asked,
  shaped: Shaped,
  { exampleKey, context }: { exampleKey: string | undefined; context: string | undefined },
  violations: Headers,
): Promise<Reply> {
  const { doc } = front;
  const { match, method, pairs, origin } = asked;
  const entry = match.entry!;
  const kind = method === 'get' || method === 'head' ? listKind(doc, entry) : null;
  const paged = kind ? pageAnswer(shaped, { doc, entry, kind, pairs, origin, path: match.canonical, authed: req.headers.authorization !== undefined }) : shaped;
  if (paged.error && isErrorBody(paged.json)) return platformReply({ status: paged.status, body: paged.json }, violations);
  let json = paged.json;
  if (!exampleKey && (context === 'embed' || context === 'edit')) {
    const names = contextProperties(doc, entry, context);
    if (names) json = projectContext(json, names);
  }
  const rels = embedRels(lastParam(pairs, '_embed'));
  if (rels !== undefined) json = await addEmbedded(json, rels, origin, (p) => front.fetchEmbed(p, req.headers.authorization));
  const fields = lastParam(pairs, '_fields');
  if (fields !== undefined) json = applyFields(json, fields);
  return jsonReply(paged.status, paged.headers, json, textNaming(front, origin, asked.naming));
}

/**
 * Kept answer bytes (json-text.ts `jsonBytes`: the site index per origin and naming) that the naming
 * step found already in a naming (`<form> <status below 400>`): the real names' index was parsed,
 * renamed and serialised again per request only to find it unchanged (D256).
 */
const SETTLED = new WeakMap<Buffer, string>();
/** The member names the naming step renames by in a success (`"namespace"` also finds `"namespaces"`). */
const INDEX_MARKS = ['"namespace', '"routes"', '"rest_namespace"'];

/** A reply with its URLs on the mock's origin in the request's naming (body, `Link`, `Location`). */
export function inNaming(reply: Reply, origin: string, naming: Naming, namespaces: readonly string[]): Reply {
  const headers = { ...reply.headers };
  for (const h of ['link', 'location']) if (typeof headers[h] === 'string') headers[h] = rewriteUrls(headers[h] as string, origin, naming, namespaces);
  if (!/json/i.test(String(headers['content-type'] ?? '')) || !reply.body.length) return { ...reply, headers };
  // The spec's names rename nothing: only the examples' host goes (read in the bytes: the site
  // index's 440 KB were decoded per request to find nothing to do, D256).
  if (naming.form === 'plain') {
    if (reply.named || !reply.body.includes(EXAMPLES_HOST)) return { ...reply, headers };
    const out = Buffer.from(rewriteUrls(reply.body.toString('utf8'), origin, naming, namespaces));
    return { status: reply.status, headers: { ...headers, 'content-length': String(out.length) }, body: out };
  }
  // A kept answer's bytes (the site index) already found in this naming are not read again.
  const settled = `${naming.form} ${reply.status < 400}`;
  if (reply.named && SETTLED.get(reply.body) === settled) return { ...reply, headers };
  // A success already in the naming with no index member nor `rest_namespace` has nothing to rename
  // (indexInNaming and restNamespaceInNaming look for these; found in the bytes, not in a decoded copy).
  if (reply.named && reply.status < 400 && !INDEX_MARKS.some((m) => reply.body.includes(m))) return { ...reply, headers };
  // Parameter names are renamed in errors (message, `data.params`, `data.details`): a record's own text is left as it is.
  const rename = (t: string) => (reply.status >= 400 ? renameParams(t, naming) : t);
  // An index (`/`, a namespace root) asked for by the real names lists the real names (naming.ts).
  const named = reply.named ? reply.body.toString('utf8') : undefined;
  const text = named ?? reply.body.toString('utf8');
  const renamed = reply.status < 400 ? restNamespaceInNaming(indexInNaming(rename(text), naming), naming) : rename(text);
  if (named !== undefined && renamed === named) {
    if (keptBytes(reply.body)) SETTLED.set(reply.body, settled);
    return { ...reply, headers };
  }
  if (named === undefined && renamed === text && !text.includes(EXAMPLES_HOST) && !text.includes(origin)) return { ...reply, headers };
  const out = Buffer.from(named !== undefined ? renamed : rewriteUrls(renamed, origin, naming, namespaces));
  return { status: reply.status, headers: { ...headers, 'content-length': String(out.length) }, body: out };
}
