#!/usr/bin/env node
// Run every test: the offline ones and the live ones against a real WordPress.
//   npm test               all tests; provisions the local WordPress sandbox when no site is given
//   npm run test:offline   the tests that need no site (test/live excluded)
// A site is given by WP_BASE_URL (the REST root, e.g. https://site/wp-json) with WP_USER and
// WP_APP_PASSWORD; otherwise the sandbox (`npm run sandbox`, root on Debian) is used, and started here
// when it is not running. Prints a closing line "N passed, N failed" and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { countVitest } from './test-count.mjs';

const offline = process.argv.includes('--offline');
const extra = process.argv.slice(2).filter((a) => a !== '--offline');
const env = { ...process.env };
let startedSandbox = false;

function fail(message) {
  console.error(`\n${message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

if (!offline && !env.WP_BASE_URL) {
  const up = spawnSync('bash', ['scripts/sandbox/status.sh'], { stdio: 'ignore' }).status === 0;
  if (!up) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    const isDebian = existsSync('/etc/debian_version') && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
    if (!isRoot || !isDebian) {
      fail([
        'npm test: the live tests need a real WordPress, and none is running.',
        '  - as root on Debian 12: `npm run sandbox` provisions one on 127.0.0.1 (npm test does it for you there);',
        '  - or point the tests at a site: WP_BASE_URL=https://site/wp-json WP_USER=... WP_APP_PASSWORD=... npm test;',
        '  - or run only the tests that need no site: `npm run test:offline`.',
      ].join('\n'));
    }
    console.log('npm test: no WordPress running; provisioning the sandbox (npm run sandbox) ...');
    const res = spawnSync('bash', ['scripts/sandbox/up.sh'], { stdio: 'inherit' });
    if (res.status !== 0) fail('npm test: provisioning the sandbox failed (see above); the live tests cannot run. `npm run test:offline` runs the rest.');
    startedSandbox = true;
  }
}

mkdirSync('test-output', { recursive: true });
const report = join('test-output', 'vitest.json');
const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
if (offline) args.push('--exclude', 'test/live/**', '--exclude', 'node_modules/**');
rmSync(report, { force: true }); // never count an earlier run's report
const res = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', ...args, ...extra], { stdio: 'inherit', env });

if (startedSandbox && !process.env.KEEP_SANDBOX) spawnSync('bash', ['scripts/sandbox/down.sh'], { stdio: 'inherit' });

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  ({ passed, failed, skipped } = countVitest(JSON.parse(readFileSync(report, 'utf8'))));
} catch {
  failed = Math.max(1, failed);
}
if (res.status !== 0 && failed === 0) failed = 1;
if (passed === 0 && failed === 0) failed = 1; // a run that ran no test is a failure
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || res.status !== 0 ? 1 : 0);
