// @ts-check
// Redocly preprocessor `festival/shared-parameters`: the parameters that every operation of a
// namespace takes are written once, in a table in the root document, and added to the operations
// here, instead of being listed by each operation.
//
// The root (openapi/openapi.yaml) holds the table `x-shared-parameters`, one row per parameter:
//   x-shared-parameters:
//     - parameter: ./components/parameters/Context.yaml   # relative to the root, like any $ref
//       paths: [/core/v2/]          # path prefixes it applies to (absent: every path)
//       except: [/, /batch/v1]      # path prefixes it does not apply to (`/` is the site index only)
//       methods: [get]              # absent: every method
//       place: first                # first or last (default): before or after the operation's own
// Every operation a row applies to gets `{$ref: <the parameter>}`: the `first` rows in table order
// before its own parameters, the `last` rows in table order after them. An operation that needs a
// table parameter in another place (the autosave lists take `parent` before `context`, as the
// platform orders the route's arguments) lists it itself, where it goes, and keeps it there; one
// listed where the table would put it anyway is an error (a copy to remove). An operation without
// parameters of its own gets its `parameters` key before `requestBody` (or `responses`), where the
// source writes it. The table never reaches the bundle; the lint rules (languageParameter, …) check
// the result on the bundle. Problems are reported by Redocly with the file's location.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * @typedef {Record<string, any>} Node a parsed YAML map (the root, a path item, an operation)
 * @typedef {{ parameter: string, paths?: string[], except?: string[], methods?: string[], place?: 'first' | 'last' }} Row
 * @typedef {{ key: string | number, location: { source: { absoluteRef: string } }, report: (p: { message: string, location: unknown }) => void }} Ctx the part of Redocly's visitor context used here
 */

export const TABLE = 'x-shared-parameters';
export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const ROW_KEYS = ['parameter', 'paths', 'except', 'methods', 'place'];

/** @type {(v: unknown) => v is Node} */
const isMap = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
/** @param {unknown} v */
const isStrings = (v) => Array.isArray(v) && v.every((s) => typeof s === 'string');

/**
 * The table's rows, checked; throws on a malformed table.
 * @param {unknown} table @returns {Row[]}
 */
export function parseTable(table) {
  if (!Array.isArray(table) || !table.length) throw new Error(`${TABLE} must be a list of rows {parameter, paths?, except?, methods?, place?}`);
  return table.map((row, i) => {
    if (!isMap(row) || typeof row.parameter !== 'string') throw new Error(`${TABLE}[${i}]: needs \`parameter\` (the parameter's file)`);
    const bad = Object.keys(row).filter((k) => !ROW_KEYS.includes(k));
    if (bad.length) throw new Error(`${TABLE}[${i}]: unknown key(s) ${bad.join(', ')} (only ${ROW_KEYS.join(', ')})`);
    for (const k of ['paths', 'except', 'methods']) if (k in row && !isStrings(row[k])) throw new Error(`${TABLE}[${i}].${k}: must be a list of strings`);
    for (const m of row.methods ?? []) if (!METHODS.includes(m)) throw new Error(`${TABLE}[${i}].methods: unknown method ${JSON.stringify(m)}`);
    if (row.place !== undefined && row.place !== 'first' && row.place !== 'last') throw new Error(`${TABLE}[${i}].place: first or last`);
    return /** @type {Row} */ (row);
  });
}

/**
 * A path matches a prefix when it is the prefix or continues it; the prefix `/` is the site index
 * only (every path would continue it: a row for every path leaves `paths` out).
 * @param {string} path @param {string} prefix
 */
const under = (path, prefix) => path === prefix || (prefix !== '/' && path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));

/**
 * The rows that apply to one operation, in table order.
 * @param {Row[]} rows @param {string} path @param {string} method @returns {Row[]}
 */
export function rowsFor(rows, path, method) {
  return rows.filter(
    (r) => (!r.paths || r.paths.some((p) => under(path, p))) && !(r.except ?? []).some((p) => under(path, p)) && (!r.methods || r.methods.includes(method)),
  );
}

/**
 * The operation's parameters with the rows' parameters added. `refOf(row)` is the row's `$ref` as
 * written in the operation's file; `same(entry, row)` whether an entry the operation lists is it.
 * @param {unknown[]} own @param {Row[]} rows @param {(row: Row) => string} refOf
 * @param {(entry: unknown, row: Row) => boolean} same @returns {unknown[]}
 */
export function withShared(own, rows, refOf, same) {
  const listed = rows.filter((r) => own.some((e) => same(e, r)));
  /** @param {unknown[]} list @param {Row[]} rs */
  const place = (list, rs) => [
    ...rs.filter((r) => r.place === 'first').map((r) => ({ $ref: refOf(r) })),
    ...list,
    ...rs.filter((r) => r.place !== 'first').map((r) => ({ $ref: refOf(r) })),
  ];
  const out = place(
    own,
    rows.filter((r) => !listed.includes(r)),
  );
  if (listed.length) {
    /** @param {unknown} e */
    const keyOf = (e) => rows.find((r) => same(e, r))?.parameter ?? JSON.stringify(e);
    const usual = place(
      own.filter((e) => !listed.some((r) => same(e, r))),
      rows,
    );
    if (out.map(keyOf).join('\n') === usual.map(keyOf).join('\n'))
      throw new Error(`lists ${listed.map((r) => r.parameter).join(', ')} where ${TABLE} puts it: remove the copy`);
  }
  return out;
}

/**
 * Set an operation's parameters, a new key before `requestBody` (or `responses`).
 * @param {Node} op @param {unknown[]} params
 */
function setParameters(op, params) {
  if (!params.length) return;
  if ('parameters' in op) {
    op.parameters = params;
    return;
  }
  const order = Object.entries(op);
  const at = order.findIndex(([k]) => k === 'requestBody' || k === 'responses');
  order.splice(at < 0 ? order.length : at, 0, ['parameters', params]);
  for (const k of Object.keys(op)) delete op[k];
  for (const [k, v] of order) op[k] = v;
}

/** @param {string} ref */
const fileOfRef = (ref) => (ref.startsWith('file:') ? fileURLToPath(ref) : ref);

/**
 * Add the table's parameters to the operations of one path item, in place.
 * @param {Node} item @param {string} path @param {Row[]} rows @param {string} rootDir @param {string} itemDir
 */
export function expandPathItem(item, path, rows, rootDir, itemDir) {
  /** @param {Row} r */
  const target = (r) => resolve(rootDir, r.parameter);
  /** @param {Row} r */
  const refOf = (r) => relative(itemDir, target(r)).split(sep).join('/');
  /** @param {unknown} e @param {Row} r */
  const same = (e, r) => isMap(e) && typeof e.$ref === 'string' && !e.$ref.startsWith('#') && resolve(itemDir, e.$ref) === target(r);
  for (const method of METHODS) {
    const op = item[method];
    if (!isMap(op)) continue;
    const applies = rowsFor(rows, path, method);
    if (!applies.length) continue;
    const own = Array.isArray(op.parameters) ? op.parameters : [];
    try {
      setParameters(op, withShared(own, applies, refOf, same));
    } catch (e) {
      throw new Error(`${method.toUpperCase()} ${path}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

function SharedParameters() {
  /** @type {Row[]} */
  let rows = [];
  let rootDir = '';
  /** @param {Ctx} ctx @param {() => void} run */
  const guard = (ctx, run) => {
    try {
      run();
    } catch (e) {
      ctx.report({ message: e instanceof Error ? e.message : String(e), location: ctx.location });
    }
  };
  return {
    Root: {
      /** @param {Node} root @param {Ctx} ctx */
      enter(root, ctx) {
        rows = [];
        if (!(TABLE in root)) return;
        rootDir = dirname(fileOfRef(ctx.location.source.absoluteRef));
        guard(ctx, () => {
          rows = parseTable(root[TABLE]);
        });
        delete root[TABLE];
      },
    },
    PathItem: {
      /** @param {Node} item @param {Ctx} ctx */
      enter(item, ctx) {
        if (!rows.length || typeof ctx.key !== 'string' || !ctx.key.startsWith('/')) return;
        const path = ctx.key;
        guard(ctx, () => expandPathItem(item, path, rows, rootDir, dirname(fileOfRef(ctx.location.source.absoluteRef))));
      },
    },
  };
}

export const preprocessors = { 'shared-parameters': SharedParameters };
