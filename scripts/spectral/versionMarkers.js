// `x-since` (openapi/EXTENSIONS.md): written `<product> <version>` (`WordPress 6.3`, `TEC 6.10.1`), and
// never on a field or parameter that is required, since older sites lack it.
const FORM = /^(WordPress|TEC) \d+(\.\d+){1,3}$/;
const SKIP = new Set(['example', 'examples', 'default', 'enum', 'const']);

export default function versionMarkers(doc) {
  const results = [];
  const seen = new Set();
  const walk = (node, path, parentRequired, key) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      node.forEach((n, i) => walk(n, [...path, i]));
      return;
    }
    if ('x-since' in node) {
      const v = node['x-since'];
      if (typeof v !== 'string' || !FORM.test(v))
        results.push({
          message: `x-since ${JSON.stringify(v)} must read "<product> <version>", e.g. "WordPress 6.3" or "TEC 6.10.1".`,
          path: [...path, 'x-since'],
        });
      const required = key !== undefined ? parentRequired.includes(key) : node.required === true && typeof node.in === 'string';
      if (required)
        results.push({ message: `${key ?? node.name} is marked x-since ${v} (older sites lack it) and must not be required.`, path: [...path, 'x-since'] });
    }
    for (const [k, v] of Object.entries(node)) {
      if (SKIP.has(k)) continue;
      if (k === 'properties' && v && typeof v === 'object' && !Array.isArray(v)) {
        const req = Array.isArray(node.required) ? node.required : [];
        for (const [name, p] of Object.entries(v)) walk(p, [...path, k, name], req, name);
        continue;
      }
      walk(v, [...path, k]);
    }
  };
  walk(doc, []);
  return results;
}
