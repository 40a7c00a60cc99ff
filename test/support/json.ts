// A body's JSON, or undefined when it is not JSON (an answer is hostile input: never a throw).
import type { Json } from './spec.js';

export function jsonOrUndefined(text: string): Json {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
