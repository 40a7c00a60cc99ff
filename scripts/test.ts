#!/usr/bin/env node
// Run every test: the offline ones and the live ones against real WordPress sites.
//   npm test               all tests; provisions the local WordPress sandbox when no site is given
//   npm run test:offline   the tests that need no site (test/live excluded)
// A site is given by WP_BASE_URL (the REST root, e.g. https://site/wp-json) with WP_USER and
// WP_APP_PASSWORD; otherwise the sandbox's matrix (`npm run sandbox`, root on Debian: wp61, wp68,
// wp71, wp71b) is used, started here when it is not running, and the live tests (test/live) run once per
// site (SANDBOX_SITE=<site>; SANDBOX_SITES=wp71,... runs only those). Prints a closing line
// "N passed, N failed" counting every run, and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sandboxPortConflict } from './port-holder.ts';
import { countVitest, type Counts } from './test-count.ts';

const offline = process.argv.includes('--offline');
const extra = process.argv.slice(2).filter((a) => a !== '--offline');
const env = { ...process.env };
let startedSandbox = false;

function fail(message: string): never {
  console.error(`\n${message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

if (!offline && !env.WP_BASE_URL) {
  // Another server (another WordPress, say) on the sandbox's port would pass the status check and
  // leave the live tests without credentials: name it, and say how to choose other ports.
  let envJson: unknown;
  try {
    envJson = JSON.parse(readFileSync(join('.sandbox', 'env.json'), 'utf8'));
  } catch {
    envJson = undefined;
  }
  const sites: [string, string, number][] = [
    ['wp61', 'SANDBOX_PORT', 8881],
    ['wp68', 'SANDBOX_PORT_WP68', 8882],
    ['wp71', 'SANDBOX_PORT_WP71', 8883],
    ['wp71b', 'SANDBOX_PORT_WP71B', 8884],
  ];
  for (const [site, variable, port] of sites) {
    const conflict = sandboxPortConflict({ port: Number(env[variable] ?? port), envJson, variable, site });
    if (conflict) fail(conflict);
  }
  const up = spawnSync('bash', ['scripts/sandbox/status.sh'], { stdio: 'ignore' }).status === 0;
  if (!up) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    const isDebian = existsSync('/etc/debian_version') && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
    if (!isRoot || !isDebian) {
      fail(
        [
          'npm test: the live tests need a real WordPress, and none is running.',
          '  - as root on Debian 12: `npm run sandbox` provisions one on 127.0.0.1 (npm test does it for you there);',
          '  - or point the tests at a site: WP_BASE_URL=https://site/wp-json WP_USER=... WP_APP_PASSWORD=... npm test;',
          '  - or run only the tests that need no site: `npm run test:offline`.',
        ].join('\n'),
      );
    }
    console.log('npm test: no WordPress running; provisioning the sandbox (npm run sandbox) ...');
    const res = spawnSync('bash', ['scripts/sandbox/up.sh'], { stdio: 'inherit' });
    if (res.status !== 0) fail('npm test: provisioning the sandbox failed (see above); the live tests cannot run. `npm run test:offline` runs the rest.');
    startedSandbox = true;
  }
}

// The compiled code (dist/: the client, the core, the CLI, the mock, the scripts) is built by the npm
// script before this runs (`npm run build:code`); the tests' global setup does not compile it again.
env.FESTIVAL_DIST_FRESH = '1';
// The full run needs what lies beside the checkout as CI has it (../shared: the festival's recording,
// test/har/festival-recording.test.ts): a missing file fails there; test:offline runs in a bare clone.
if (!offline) env.FESTIVAL_SHARED_REQUIRED = '1';

mkdirSync('test-output', { recursive: true });

/** One vitest run; its counts from its own JSON report (a run without a report counts as a failure). */
function vitest(name: string, files: string[], exclude: string[], runEnv: NodeJS.ProcessEnv): Counts {
  const report = join('test-output', `vitest-${name}.json`);
  rmSync(report, { force: true }); // never count an earlier run's report
  const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...exclude.flatMap((e) => ['--exclude', e]), ...files];
  const res = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', ...args, ...extra], { stdio: 'inherit', env: runEnv });
  let counts: Counts = { passed: 0, failed: 0, skipped: 0, filesFailed: 0 };
  try {
    counts = countVitest(JSON.parse(readFileSync(report, 'utf8'))); // a file that cannot load counts as failed
  } catch {
    counts.failed = Math.max(1, counts.failed);
  }
  if (res.status !== 0 && counts.failed === 0) counts.failed = 1;
  if (counts.passed === 0 && counts.failed === 0) counts.failed = 1; // a run that ran no test is a failure
  console.log(`npm test: ${name}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
  return counts;
}

const runs: Counts[] = [];
if (offline) runs.push(vitest('offline', [], ['test/live/**', 'node_modules/**'], env));
else if (env.WP_BASE_URL) runs.push(vitest('all', [], ['node_modules/**'], env));
else {
  runs.push(vitest('offline', [], ['test/live/**', 'node_modules/**'], env));
  const sites = (env.SANDBOX_SITES ?? 'wp61,wp68,wp71,wp71b')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const site of sites) {
    if (!/^[a-z0-9]+$/.test(site)) fail(`npm test: SANDBOX_SITES names '${site}', not a site`);
    runs.push(vitest(`live-${site}`, ['test/live/'], ['node_modules/**'], { ...env, SANDBOX_SITE: site }));
  }
}

if (startedSandbox && !process.env.KEEP_SANDBOX) spawnSync('bash', ['scripts/sandbox/down.sh'], { stdio: 'inherit' });

const passed = runs.reduce((n, r) => n + r.passed, 0);
const failed = runs.reduce((n, r) => n + r.failed, 0);
const skipped = runs.reduce((n, r) => n + r.skipped, 0);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
