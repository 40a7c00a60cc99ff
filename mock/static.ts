// A tiny static file server for the built docs (127.0.0.1 only, GET/HEAD, no directory listing).
// Unknown paths answer the folder's index.html: the docs page routes itself (/section/..., /tag/...).
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.yaml': 'text/yaml; charset=utf-8',
};

export function createStaticServer(dir: string): http.Server {
  const root = resolve(dir);
  return http.createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      res.end();
      return;
    }
    let rel;
    try {
      rel = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://docs.invalid').pathname)).replace(/^[/\\]+/, '');
    } catch {
      res.writeHead(400);
      res.end();
      return;
    }
    let file = join(root, rel);
    if (!(file === root || file.startsWith(root + sep)) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not built: run `npm run build`\n');
      return;
    }
    const body = readFileSync(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': body.length, 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
}
