// The seeded fuzz tests' PRNG is the core's (core/prng.ts: mulberry32).
export { prng, type Prng } from '../../core/prng.js';
