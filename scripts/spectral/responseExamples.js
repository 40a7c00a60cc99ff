import { operations } from './_ops.js';

const hasExample = (media) => media.example !== undefined || (media.examples && Object.keys(media.examples).length > 0);
const isJson = (type) => /json/.test(type);

// Every JSON body, request or response, carries an example, unless the media type is marked
// `x-undocumented-body: true` (a body nobody documents gets no invented example).
export default function responseExamples(pathItem, _opts, context) {
  const results = [];
  for (const { method, op, at } of operations(pathItem, context)) {
    const bodies = [];
    for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) bodies.push({ type, media, where: [...at, 'requestBody', 'content', type] });
    for (const [code, res] of Object.entries(op.responses ?? {})) {
      for (const [type, media] of Object.entries(res?.content ?? {})) bodies.push({ type, media, where: [...at, 'responses', code, 'content', type] });
    }
    for (const { type, media, where } of bodies) {
      if (!isJson(type) || !media || media['x-undocumented-body'] === true) continue;
      if (!hasExample(media)) results.push({ message: `${method.toUpperCase()} body ${type} needs an example (or x-undocumented-body: true).`, path: where });
    }
  }
  return results;
}
