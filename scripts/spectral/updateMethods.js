import { routeOf } from './_ops.js';

// PUT and PATCH are the POST of the same route under another method: in the bundle each equals its
// POST except operationId, summary and description. The source writes them once, as the POST's
// `x-update-methods` marker, and the Redocly decorator festival/update-methods produces them; a marker
// left in the bundle means the decorator did not run.
const OWN = new Set(['operationId', 'summary', 'description']);

function sameBut(a, b) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => !OWN.has(k) && JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

export default function updateMethods(pathItem, _opts, context) {
  const results = [];
  if (!pathItem || typeof pathItem !== 'object') return results;
  const route = routeOf(context);
  for (const m of Object.keys(pathItem)) {
    if (pathItem[m] && typeof pathItem[m] === 'object' && 'x-update-methods' in pathItem[m]) {
      results.push({
        message: `${m.toUpperCase()} ${route}: x-update-methods is left in the bundle; bundle with redocly.yaml (decorator festival/update-methods).`,
        path: [...context.path, m, 'x-update-methods'],
      });
    }
  }
  for (const m of ['put', 'patch']) {
    const op = pathItem[m];
    if (!op || typeof op !== 'object') continue;
    const post = pathItem.post;
    if (!post || typeof post !== 'object') {
      results.push({
        message: `${m.toUpperCase()} ${route}: an update needs its POST; write the POST with x-update-methods: [put, patch].`,
        path: [...context.path, m],
      });
      continue;
    }
    const differs = sameBut(post, op);
    if (differs.length)
      results.push({
        message: `${m.toUpperCase()} ${route}: differs from its POST in ${differs.join(', ')}; write the update once, as the POST's x-update-methods.`,
        path: [...context.path, m],
      });
  }
  return results;
}
