// @ts-check
// Redocly plugin `festival`: the decorator `festival/update-methods` writes the PUT and PATCH of an
// update route from its POST, so each update is written once in the source (openapi/paths/).
//
// In the source, the POST operation carries the marker `x-update-methods`:
//   x-update-methods: [put, patch]                  # the usual form
//   x-update-methods:                               # or with a method's own summary/description
//     put: { summary: Update a font of the library, description: ... }
//     patch: {}
// The bundle then has, right after `post`, one operation per listed method: a deep copy of the POST
// without the marker, where
//   - operationId: a `post…` id takes the method instead (postConnectorSync -> putConnectorSync),
//     any other gets the method appended (updatePost -> updatePostPut);
//   - summary: the POST's + ` (PUT)` (or the marker's own);
//   - description: the POST's, a leading "`POST " naming the method instead (or the marker's own);
//   - everything else (parameters, security, body, responses, examples, x-allow-batch) is the POST's.
// The marker never reaches the bundle. A method that the path item already has, a marker on another
// method, or an unknown method or key is an error (Redocly reports it and the bundle fails).
// Spectral's `update-methods-match-post` rule checks the result on the bundle.

import { preprocessors as recordPreprocessors } from './record-contexts.js';
import { preprocessors as sharedPreprocessors } from './shared-parameters.js';
import { preprocessors as writePreprocessors } from './write-bodies.js';

/** @typedef {Record<string, any>} Node a parsed YAML map (a path item, an operation) */

const METHODS = ['put', 'patch'];
const KEYS = ['operationId', 'summary', 'description'];
export const MARKER = 'x-update-methods';

/** @param {string} s */
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The operation that `method` gets from `post` (without the marker) and the marker's overrides.
 * @param {Node} post @param {string} method @param {Node} [own] @returns {Node}
 */
export function derive(post, method, own = {}) {
  const op = structuredClone(post);
  delete op[MARKER];
  const id = post.operationId;
  if (typeof id === 'string') op.operationId = /^post[A-Z]/.test(id) ? method + id.slice(4) : id + cap(method);
  if (typeof post.summary === 'string') op.summary = `${post.summary} (${method.toUpperCase()})`;
  if (typeof post.description === 'string') op.description = post.description.replace(/^`POST /, `\`${method.toUpperCase()} `);
  for (const k of KEYS) if (own[k] !== undefined) op[k] = own[k];
  return op;
}

/**
 * The marker as `[[method, overrides]]`; throws a message on a malformed marker.
 * @param {unknown} marker @returns {[string, Node][]}
 */
export function parseMarker(marker) {
  /** @type {[string, Node][] | undefined} */
  const entries = Array.isArray(marker)
    ? marker.map((m) => [m, {}])
    : marker && typeof marker === 'object'
      ? Object.entries(marker).map(([m, o]) => [m, o ?? {}])
      : undefined;
  if (!entries || !entries.length) throw new Error(`${MARKER} must list put and/or patch, as a list or as a map of overrides`);
  for (const [m, o] of entries) {
    if (!METHODS.includes(m)) throw new Error(`${MARKER}: unknown method ${JSON.stringify(m)} (only put, patch)`);
    if (typeof o !== 'object' || Array.isArray(o)) throw new Error(`${MARKER}.${m}: overrides must be a map`);
    const bad = Object.keys(o).filter((k) => !KEYS.includes(k));
    if (bad.length) throw new Error(`${MARKER}.${m}: unknown key(s) ${bad.join(', ')} (only ${KEYS.join(', ')})`);
  }
  return entries;
}

/**
 * Expand one path item in place, keeping the key order (the new methods follow `post`).
 * @param {Node} item @returns {boolean}
 */
export function expandPathItem(item) {
  for (const m of Object.keys(item))
    if (m !== 'post' && item[m] && typeof item[m] === 'object' && MARKER in item[m]) throw new Error(`${MARKER} belongs on the POST operation, not on ${m}`);
  const post = item.post;
  if (!post || typeof post !== 'object' || !(MARKER in post)) return false;
  const entries = parseMarker(post[MARKER]);
  for (const [m] of entries) if (item[m]) throw new Error(`${MARKER} lists ${m}, but the path item writes ${m} itself: remove the copy`);
  /** @type {[string, Node][]} */
  const made = entries.map(([m, own]) => [m, derive(post, m, own)]);
  delete post[MARKER];
  const order = Object.entries(item);
  for (const k of Object.keys(item)) delete item[k];
  for (const [k, v] of order) {
    item[k] = v;
    if (k === 'post') for (const [m, op] of made) item[m] = op;
  }
  return true;
}

function UpdateMethods() {
  return {
    PathItem: {
      /** @param {Node} item @param {{ location: unknown, report: (p: { message: string, location: unknown }) => void }} ctx */
      enter(item, ctx) {
        try {
          expandPathItem(item);
        } catch (e) {
          ctx.report({ message: e instanceof Error ? e.message : String(e), location: ctx.location });
        }
      },
    },
  };
}

// The plugin `festival`: this decorator and the preprocessors of ./record-contexts.js,
// ./write-bodies.js and ./shared-parameters.js.
export default function festivalPlugin() {
  return {
    id: 'festival',
    preprocessors: { oas3: { ...recordPreprocessors.oas3, ...writePreprocessors, ...sharedPreprocessors } },
    decorators: { oas3: { 'update-methods': UpdateMethods } },
  };
}
