#!/usr/bin/env bash
# Count the records of one sandbox site directly in its database, as JSON (for the live tests'
# "nothing left behind" checks): posts by type and status, terms by taxonomy, comments, users,
# post, term, user and comment meta, term relationships.
#   bash scripts/sandbox/count.sh <site>        e.g. count.sh wp71
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SB=$(cd "$HERE/../.." && pwd)/.sandbox
SITE=${1:?usage: count.sh <site>}
[[ $SITE =~ ^[a-z0-9]+$ ]] || { echo "count.sh: bad site name '$SITE'" >&2; exit 2; }
ENV=$SB/sites/$SITE/env.json
[ -f "$ENV" ] || { echo "count.sh: no site '$SITE' in the sandbox ($ENV is missing; run npm run sandbox)" >&2; exit 1; }
read -r DB SOCK < <(node -e 'const e = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(e.database, e.mariadbSocket)' "$ENV")
[[ $DB =~ ^[a-z0-9_]+$ ]] || { echo "count.sh: bad database name in $ENV" >&2; exit 1; }
q() { mariadb --no-defaults --socket="$SOCK" -uroot --batch --raw --skip-column-names -e "$1" "$DB"; }
{
  echo "posts"; q "SELECT CONCAT(post_type, '/', post_status), COUNT(*) FROM wp_posts GROUP BY post_type, post_status"
  echo "terms"; q "SELECT taxonomy, COUNT(*) FROM wp_term_taxonomy GROUP BY taxonomy"
  echo "rows"
  q "SELECT 'comments', COUNT(*) FROM wp_comments"
  q "SELECT 'users', COUNT(*) FROM wp_users"
  q "SELECT 'postmeta', COUNT(*) FROM wp_postmeta"
  q "SELECT 'termmeta', COUNT(*) FROM wp_termmeta"
  q "SELECT 'usermeta', COUNT(*) FROM wp_usermeta"
  q "SELECT 'commentmeta', COUNT(*) FROM wp_commentmeta"
  q "SELECT 'term_relationships', COUNT(*) FROM wp_term_relationships"
} | node -e '
let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
  const out = {}; let group;
  for (const line of s.split("\n")) {
    if (!line) continue;
    if (!line.includes("\t")) { group = line; out[group] = {}; continue; }
    const [k, n] = line.split("\t"); out[group][k] = Number(n);
  }
  console.log(JSON.stringify(out));
});'
