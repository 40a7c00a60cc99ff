// Credentials in every output, in every form. A site that echoes the Authorization header and the
// password (JSON-escaped the PHP way, HTML-escaped, URL-encoded) into bodies, error messages and
// headers: nothing of it reaches stdout, stderr, report.json, drift.json, junit.xml, report.html or
// the HAR recording. And wrong credentials: checked first with one request that needs them, a clear
// message naming WP_USER and WP_APP_PASSWORD, exit 2, no operation run.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRedactor } from '../../core/redact.ts';
import { type CliRun, type FakeSite, send, siteIndex, testScope } from './support/fake-site.js';

const USER = 'festival-admin';
const PASSWORD = 'pä"ss\\wörd <&> ¿1234 \'/x';
const basic = Buffer.from(`${USER}:${PASSWORD}`).toString('base64');
const php = (s: string) =>
  JSON.stringify(s)
    .slice(1, -1)
    .replace(/\//g, '\\/')
    .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');
const FORMS: Record<string, string> = {
  raw: PASSWORD,
  base64: basic,
  json: JSON.stringify(PASSWORD).slice(1, -1),
  'json (PHP)': php(PASSWORD),
  html: html(PASSWORD),
  'html of json': html(JSON.stringify(PASSWORD)),
  url: encodeURIComponent(PASSWORD),
  form: new URLSearchParams({ p: PASSWORD }).toString().slice(2),
};

describe('createRedactor', () => {
  const { redact } = createRedactor({ user: USER, password: PASSWORD });
  it.each(Object.entries(FORMS))('redacts the %s form', (_name, form) => {
    const out = redact(`before ${form} after`);
    expect(out).not.toContain(form);
    expect(out).toMatch(/^before (&quot;)?\[redacted\](&quot;)? after$/);
  });
  it('leaves text without credentials alone', () => {
    expect(redact('a plain "text" with \\ and ö')).toBe('a plain "text" with \\ and ö');
  });
});

const scope = testScope();
const HAR = join(scope.tmp('contract-echo-'), 'run.har');
let echo: FakeSite;
let rejecting: FakeSite;
let run: CliRun;
let wrong: CliRun;
const authOk = (a?: string) => a === `Basic ${basic}`;

beforeAll(async () => {
  echo = await scope.site((_req, res, seen, self) => {
    if (seen.path === '/' && seen.method === 'GET') return send(res, 200, siteIndex(self.origin, ['core/v2', 'oembed/1.0']));
    if (seen.path === '/wp/v2/users/me')
      return authOk(seen.auth) ? send(res, 200, { id: 1, name: USER }) : send(res, 401, { code: 'rest_not_logged_in', message: 'no', data: { status: 401 } });
    const decoded = seen.auth
      ? Buffer.from(seen.auth.replace(/^Basic /, ''), 'base64')
          .toString('utf8')
          .split(':')
          .slice(1)
          .join(':')
      : '';
    const headers = { 'X-Echo-Authorization': seen.auth ?? '', Link: `<${self.origin}/wp-json/?p=${encodeURIComponent(decoded)}>; rel="next"` };
    if (seen.path.endsWith('/posts')) {
      // Not JSON: the report quotes the start of the body.
      res.writeHead(200, { 'Content-Type': 'application/json', ...headers });
      return res.end(`${seen.auth} ${decoded} ${html(decoded)} ${JSON.stringify(decoded)}`);
    }
    return send(
      res,
      418,
      {
        code: `echo ${seen.auth}`,
        message: `${php(decoded)} ${html(decoded)} ${encodeURIComponent(decoded)} ${decoded}`,
        data: { status: 418, html: `<p>${html(decoded)}</p>` },
      },
      headers,
    );
  });
  rejecting = await scope.site((_req, res, seen, self) => {
    if (seen.path === '/' && seen.method === 'GET') return send(res, 200, siteIndex(self.origin, ['core/v2']));
    if (seen.auth)
      return send(res, 401, { code: 'incorrect_password', message: 'The provided password is an invalid application password.', data: { status: 401 } });
    return send(res, 200, []);
  });
  run = await scope.cli(['--base-url', echo.base, '--namespace', 'core/v2', '--namespace', 'oembed/1.0', '--record', HAR, '--quiet'], {
    env: { WP_USER: USER, WP_APP_PASSWORD: PASSWORD },
  });
  wrong = await scope.cli(['--base-url', rejecting.base, '--allow-writes', '--quiet'], {
    env: { WP_USER: 'admin', WP_APP_PASSWORD: 'wrong wrong wrong wrong' },
  });
}, 120_000);

describe('a site that echoes the credentials', () => {
  it('saw the credentials and echoed them (the control)', () => {
    expect(echo.seen.filter((s) => authOk(s.auth)).length).toBeGreaterThan(10);
    expect(run.code, run.stderr).toBe(1);
  });

  it.each(Object.entries(FORMS))('no output holds the %s form', (_name, form) => {
    const har = readFileSync(HAR, 'utf8');
    const outputs: Record<string, string> = { stdout: run.stdout, stderr: run.stderr, har };
    for (const f of readdirSync(run.out)) outputs[f] = readFileSync(join(run.out, f), 'utf8');
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining(['report.json', 'drift.json', 'junit.xml', 'report.html', 'har']));
    for (const [file, text] of Object.entries(outputs)) expect(text.includes(form), `${file} holds the ${_name} form`).toBe(false);
    expect(har).toContain('Basic [redacted]');
    expect(outputs['report.json']).toContain('[redacted]');
  });
});

describe('wrong credentials', () => {
  it('exit 2 with one message naming the credentials', () => {
    expect(wrong.code, wrong.stdout).toBe(2);
    expect(wrong.stderr).toMatch(
      /the site rejected the credentials WP_USER=admin and WP_APP_PASSWORD: GET http:\/\/127\.0\.0\.1:\d+\/wp-json\/wp\/v2\/users\/me answered 401 incorrect_password/,
    );
    expect(wrong.stderr).not.toMatch(/\n\s+at /);
    expect(wrong.stderr).not.toContain('wrong wrong');
  });

  it('are checked first: nothing but the index and one request that needs them was sent', () => {
    expect(rejecting.seen.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /', 'GET /wp/v2/users/me']);
  });
});
