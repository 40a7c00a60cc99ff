// Validate JSON values against schemas of the bundle with the core's one strict validator
// (core/validate.ts). `strict: true` closes every object schema that states its properties and says
// nothing about others, so an undocumented field fails, as wp-json-schemas does against a real site.
import { createValidator, type Validator } from '../../core/validate.ts';
import { bundle, type Json } from './spec.js';

let shared: Validator | undefined;
const validator = (): Validator => (shared ??= createValidator(bundle()));

/** Validate and return a readable list of problems (empty when valid): `/id must be integer`. */
export function check(schema: Json, value: unknown, opts: { strict?: boolean } = {}): string[] {
  return validator().messages(schema, value, opts);
}
