#!/usr/bin/env bash
# Stop the local WordPress sandbox: exactly the processes up.sh started, by their recorded PIDs
# (PHP's built-in server and its worker children, MariaDB), then wait for the ports to be free.
# Idempotent. Data (.sandbox/mysql) and .sandbox/env.json stay; `npm run sandbox` starts it again.
#   npm run sandbox:stop            every site's PHP server and MariaDB
#   down.sh --only-php | --only-mariadb | --only php-<site> | --only mariadb
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
SB=$REPO/.sandbox
RUN=$SB/run
what=${1:-all}
# log, port_open, alive, cmd_of, read_file
. "$HERE/lib.sh"

# Send TERM to the given pids, wait up to $1 seconds, then KILL what is left.
stop_pids() {
  local wait_s=$1; shift
  local pid left
  for pid in "$@"; do kill -TERM "$pid" 2>/dev/null || true; done
  for _ in $(seq 1 $((wait_s * 10))); do
    left=
    for pid in "$@"; do alive "$pid" && left+=" $pid"; done
    [ -z "$left" ] && return 0
    sleep 0.1
  done
  log "still running after ${wait_s} s, killing:$left"
  for pid in $left; do kill -KILL "$pid" 2>/dev/null || true; done
  sleep 0.2
}

wait_port_free() {
  local port=$1 name=$2
  [ -n "$port" ] || return 0
  for _ in $(seq 1 150); do port_open "$port" || return 0; sleep 0.1; done
  log "warning: port $port ($name) is still in use, by a process this sandbox did not start"
  return 1
}

status=0

# Stop one site's PHP server: $1 = the pid file's name (php-<site>; php for a sandbox from before the matrix).
stop_php() {
  local name=$1 pid port child pids left
  pid=$(read_file "$RUN/$name.pid")
  port=$(read_file "$RUN/$name.port")
  local site=${name#php-}
  # Workers recorded at start (the site's env.json), which outlive their parent once it has died.
  local envf=$SB/sites/$site/env.json
  [ "$name" = php ] && envf=$SB/env.json
  local recorded
  recorded=$(node -e 'try { const e = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log((e.pids?.phpWorkers ?? []).join(" ")); } catch {}' "$envf" 2>/dev/null || true)
  pids=()
  if alive "$pid" && [[ $(cmd_of "$pid") == *php*" -S 127.0.0.1:"* ]]; then
    pids+=("$pid")
    # Workers (PHP_CLI_SERVER_WORKERS) are children of the recorded pid and outlive it: stop them by pid too.
    for child in $(ps --ppid "$pid" -o pid= 2>/dev/null); do
      [[ $(cmd_of "$child") == *php*" -S 127.0.0.1:"* ]] && pids+=("$child")
    done
  fi
  for child in $recorded; do
    [[ " ${pids[*]} " == *" $child "* ]] && continue
    alive "$child" && [[ $(cmd_of "$child") == *php*" -S 127.0.0.1:$port "* ]] && pids+=("$child")
  done
  if ((${#pids[@]})); then
    log "stopping the PHP server of ${site} (pids ${pids[*]})"
    stop_pids 10 "${pids[@]}"
  fi
  wait_port_free "$port" "PHP server of $site" || status=1
  rm -f "$RUN/$name.pid" "$RUN/$name.port"
}

case $what in
  all|--only-php)
    for f in "$RUN"/php*.pid; do [ -e "$f" ] && stop_php "$(basename "$f" .pid)"; done ;;
  --only)
    [[ ${2:-} =~ ^(php(-[a-z0-9]+)?|mariadb)$ ]] || { log "usage: down.sh [--only-php | --only-mariadb | --only php-<site> | --only mariadb]"; exit 2; }
    if [ "$2" = mariadb ]; then what=--only-mariadb; else stop_php "$2"; what=done; fi ;;
  --only-mariadb) ;;
  *) log "usage: down.sh [--only-php | --only-mariadb | --only php-<site> | --only mariadb]"; exit 2 ;;
esac

if [ "$what" = all ] || [ "$what" = --only-mariadb ]; then
  pid=$(read_file "$RUN/mariadb.pid")
  port=$(read_file "$RUN/mariadb.port")
  if alive "$pid" && [[ $(cmd_of "$pid") == *mariadbd* ]]; then
    log "stopping MariaDB (pid $pid)"
    stop_pids 60 "$pid" # a clean shutdown flushes InnoDB
  fi
  wait_port_free "$port" "MariaDB" || status=1
  rm -f "$RUN/mariadb.pid" "$RUN/mariadb.port"
fi

# The env.json files keep URLs, credentials and ids; their pids are no longer valid.
if [ "$what" = all ]; then
  for f in "$SB/env.json" "$SB"/sites/*/env.json; do
    [ -f "$f" ] || continue
    node -e 'const fs = require("fs"); const f = process.argv[1]; try { const e = JSON.parse(fs.readFileSync(f, "utf8"));
      const clear = (o) => { if (o && o.pids && Object.keys(o.pids).length) { o.pids = {}; return true; } return false; };
      let changed = clear(e); for (const s of Object.values(e.sites ?? {})) changed = clear(s) || changed;
      if (changed) fs.writeFileSync(f, JSON.stringify(e, null, 2) + "\n"); } catch {}' "$f"
  done
fi

[ $status = 0 ] && log "stopped"
exit $status
