// The package's name mapping (`festival-site-api/mapping`): the one mapping of the core, re-exported.
export * from '../core/mapping.js';
