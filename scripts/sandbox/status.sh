#!/usr/bin/env bash
# Is the local WordPress sandbox up? Exit 0 and print its REST root when GET <root>/ answers 200 JSON,
# else exit 1. The root comes from .sandbox/env.json, else http://127.0.0.1:${SANDBOX_PORT:-8881}/wp-json.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ENV_FILE=$(cd "$HERE/../.." && pwd)/.sandbox/env.json
exec node --input-type=module -e '
import { existsSync, readFileSync } from "node:fs";
const [file, port] = process.argv.slice(1);
let base = `http://127.0.0.1:${port}/wp-json`;
try { if (existsSync(file)) base = JSON.parse(readFileSync(file, "utf8")).baseUrl ?? base; } catch {}
base = base.replace(/\/+$/, "");
try {
  const res = await fetch(`${base}/`, { signal: AbortSignal.timeout(5000), headers: { Accept: "application/json" } });
  const body = await res.json();
  if (res.status === 200 && body && typeof body === "object") { console.log(base); process.exit(0); }
  console.error(`sandbox: ${base}/ answered ${res.status}`);
} catch (e) {
  console.error(`sandbox: ${base}/ is not answering (${e.cause?.code ?? e.name}); start it with npm run sandbox`);
}
process.exit(1);
' "$ENV_FILE" "${SANDBOX_PORT:-8881}"
