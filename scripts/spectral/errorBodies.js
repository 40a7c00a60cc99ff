// Every 4xx/5xx JSON body is either the platform's error object (an object schema that lists its
// required members: `Error`, or an add-on's status-less variant) or an add-on's own error body that
// is not that object (a bare JSON string with 500, an envelope with `success: false` sent with 400, a
// success body sent with 403), which the spec writes once as a schema component named `Addon…`
// (DECISIONS D190). Anything else (an inline schema, a schema without required members) fails.
export default function errorBodies(schema) {
  if (!schema || typeof schema !== 'object') return [];
  if (Array.isArray(schema.required) && schema.required.length > 0) return [];
  if (typeof schema.title === 'string' && /^Addon[A-Z]/.test(schema.title)) return [];
  return [
    {
      message:
        "A 4xx/5xx JSON body must be the platform's error shape (an object schema with required members) or an add-on's own error body (a schema component named Addon…).",
    },
  ];
}
