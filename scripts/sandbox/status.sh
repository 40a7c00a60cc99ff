#!/usr/bin/env bash
# Is the local WordPress sandbox up? Exit 0 and print each site's REST root when every site of the
# matrix (wp61, wp68, wp71, wp71b; or the ones named: status.sh wp71) answers GET <root>/ with 200 JSON, else
# say which does not and exit 1. The roots come from .sandbox/env.json.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ENV_FILE=$(cd "$HERE/../.." && pwd)/.sandbox/env.json
exec node --input-type=module -e '
import { existsSync, readFileSync } from "node:fs";
const [file, ...wanted] = process.argv.slice(1);
const names = wanted.length ? wanted : ["wp61", "wp68", "wp71", "wp71b"];
let sites = {};
try { if (existsSync(file)) { const env = JSON.parse(readFileSync(file, "utf8")); sites = env.sites ?? {}; } } catch {}
let ok = true;
for (const name of names) {
  const base = String(sites[name]?.baseUrl ?? "").replace(/\/+$/, "");
  if (!base) { console.error(`sandbox: site ${name} is not provisioned (npm run sandbox)`); ok = false; continue; }
  try {
    const res = await fetch(`${base}/`, { signal: AbortSignal.timeout(10000), headers: { Accept: "application/json" } });
    const body = await res.json();
    if (res.status === 200 && body && typeof body === "object") { console.log(`${name} ${base}`); continue; }
    console.error(`sandbox: site ${name}: ${base}/ answered ${res.status}`);
  } catch (e) {
    console.error(`sandbox: site ${name}: ${base}/ is not answering (${e.cause?.code ?? e.name}); start it with npm run sandbox`);
  }
  ok = false;
}
process.exit(ok ? 0 : 1);
' "$ENV_FILE" "$@"
