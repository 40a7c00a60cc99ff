#!/usr/bin/env bash
# Stop the local WordPress sandbox: exactly the processes up.sh started, by their recorded PIDs
# (PHP's built-in server and its worker children, MariaDB), then wait for the ports to be free.
# Idempotent. Data (.sandbox/mysql) and .sandbox/env.json stay; `npm run sandbox` starts it again.
#   npm run sandbox:stop            both
#   down.sh --only-php | --only-mariadb
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
SB=$REPO/.sandbox
RUN=$SB/run
what=${1:-all}

log() { echo "sandbox: $*"; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
alive() { # zombies (<defunct>) count as gone
  local pid=${1:-}
  [[ $pid =~ ^[0-9]+$ ]] && [ -r "/proc/$pid/stat" ] || return 1
  local stat; stat=$(cat "/proc/$pid/stat" 2>/dev/null) || return 1
  [ "$(awk '{print $3}' <<<"${stat##*)}")" != Z ]
}
cmd_of() { tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null || true; }
read_file() { [ -f "$1" ] && cat "$1" || true; }

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

if [ "$what" = all ] || [ "$what" = --only-php ]; then
  pid=$(read_file "$RUN/php.pid")
  port=$(read_file "$RUN/php.port")
  if alive "$pid" && [[ $(cmd_of "$pid") == *php*" -S 127.0.0.1:"* ]]; then
    # Workers (PHP_CLI_SERVER_WORKERS) are children of the recorded pid and outlive it: stop them by pid too.
    pids=("$pid")
    for child in $(ps --ppid "$pid" -o pid= 2>/dev/null); do
      [[ $(cmd_of "$child") == *php*" -S 127.0.0.1:"* ]] && pids+=("$child")
    done
    # Workers recorded at start that were re-parented already (parent died earlier).
    for child in $(php -r '$e = json_decode((string) @file_get_contents($argv[1]), true); echo implode(" ", $e["pids"]["phpWorkers"] ?? []);' -- "$SB/env.json" 2>/dev/null); do
      [[ " ${pids[*]} " == *" $child "* ]] && continue
      alive "$child" && [[ $(cmd_of "$child") == *php*" -S 127.0.0.1:$port "* ]] && pids+=("$child")
    done
    log "stopping the PHP server (pids ${pids[*]})"
    stop_pids 10 "${pids[@]}"
  elif [ -f "$RUN/php.pid" ]; then
    # The parent is gone; its recorded workers may not be.
    left=()
    for child in $(php -r '$e = json_decode((string) @file_get_contents($argv[1]), true); echo implode(" ", $e["pids"]["phpWorkers"] ?? []);' -- "$SB/env.json" 2>/dev/null); do
      alive "$child" && [[ $(cmd_of "$child") == *php*" -S 127.0.0.1:$port "* ]] && left+=("$child")
    done
    if ((${#left[@]})); then log "stopping left-over PHP workers (pids ${left[*]})"; stop_pids 10 "${left[@]}"; fi
  fi
  wait_port_free "$port" "PHP server" || status=1
  rm -f "$RUN/php.pid" "$RUN/php.port"
fi

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

# env.json keeps URLs, credentials and ids; its pids are no longer valid.
if [ "$what" = all ] && [ -f "$SB/env.json" ] && command -v php >/dev/null 2>&1; then
  php -r '$f = $argv[1]; $e = json_decode(file_get_contents($f), true);
    if (is_array($e) && !empty($e["pids"])) { $e["pids"] = new stdClass(); file_put_contents($f, json_encode($e, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES) . "\n"); }' -- "$SB/env.json"
fi

[ $status = 0 ] && log "stopped"
exit $status
