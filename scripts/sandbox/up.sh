#!/usr/bin/env bash
# Start (and on first use provision) the local WordPress sandbox on 127.0.0.1 for the live tests.
# Idempotent: when everything runs and is seeded it checks, rewrites nothing and returns in about a second.
#   npm run sandbox                  (root on Debian 12)
#   SANDBOX_PORT=8881                HTTP port (REST root http://127.0.0.1:$SANDBOX_PORT/wp-json)
#   SANDBOX_DB_PORT=3307             MariaDB port (own data dir .sandbox/mysql, own socket and pid file)
# Writes .sandbox/env.json (URLs, credentials, seeded ids, pids); logs in .sandbox/logs/.
set -euo pipefail

T0=$(date +%s.%N)
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
SB=$REPO/.sandbox
PORT=${SANDBOX_PORT:-8881}
DB_PORT=${SANDBOX_DB_PORT:-3307}
SITE_URL=http://127.0.0.1:$PORT
SEED_VERSION=1 # bump when wp.php seeds different content: the database is then rebuilt
DB_NAME=wordpress
DB_USER=wordpress
DB_PASSWORD=wordpress-sandbox # loopback only
DOCROOT=/usr/share/wordpress
WP_CONTENT=/var/lib/wordpress/wp-content
PACKAGES=(wordpress wordpress-theme-twentytwentythree php-cli php-mysql php-gd php-xml php-mbstring php-curl mariadb-server mariadb-client chromium)
PHP_FLAGS=(-d display_errors=stderr -d memory_limit=512M -d upload_max_filesize=64M -d post_max_size=64M)

log() { echo "sandbox: $*"; }
die() { echo "sandbox: $*" >&2; exit 1; }

# --- 0. Root on Debian, or a clear way out --------------------------------------------------------
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1 || [ ! -f /etc/debian_version ]; then
  cat >&2 <<'EOF'
sandbox: provisioning the local WordPress needs root on Debian 12 (it installs Debian packages,
writes /etc/wordpress/config-default.php and runs MariaDB and PHP on 127.0.0.1).
Instead you can:
  - point the live tests at another WordPress:
      WP_BASE_URL=https://site.example/wp-json WP_USER=admin WP_APP_PASSWORD='xxxx xxxx ...' npm test
  - or run only the tests that need no site:  npm run test:offline
EOF
  exit 1
fi
if ! grep -q '^VERSION_ID="12"' /etc/os-release 2>/dev/null; then
  log "warning: made for Debian 12; this is $(. /etc/os-release 2>/dev/null; echo "${PRETTY_NAME:-unknown}")"
fi

mkdir -p "$SB/logs" "$SB/run"
chmod 755 "$SB" # the mysql user must reach .sandbox/mysql; non-root test runners read env.json (loopback-only credentials)
# One provisioning at a time (the daemons below do not inherit this lock: 9>&-).
exec 9>"$SB/run/up.lock"
flock -w 600 9 || die "another up.sh still holds .sandbox/run/up.lock after 10 minutes"

# --- helpers -------------------------------------------------------------------------------------
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
alive() { # pid is running (zombies count as gone)
  local pid=${1:-}
  [[ $pid =~ ^[0-9]+$ ]] && [ -r "/proc/$pid/stat" ] || return 1
  local stat; stat=$(cat "/proc/$pid/stat" 2>/dev/null) || return 1
  [ "$(awk '{print $3}' <<<"${stat##*)}")" != Z ]
}
cmd_of() { tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null || true; }
read_pid() { [ -f "$1" ] && cat "$1" || true; }
# Write a file only when its content changes (keeps re-runs change-free).
put() { local dest=$1 tmp; tmp=$(mktemp); cat >"$tmp"; if [ -f "$dest" ] && cmp -s "$tmp" "$dest"; then rm -f "$tmp"; else mkdir -p "$(dirname "$dest")"; mv "$tmp" "$dest"; chmod "${2:-644}" "$dest"; fi; }

# --- 1. Debian packages --------------------------------------------------------------------------
installed=" $(dpkg-query -W -f='${Package}=${db:Status-Status} ' "${PACKAGES[@]}" 2>/dev/null || true) "
missing=()
for p in "${PACKAGES[@]}"; do [[ $installed == *" $p=installed "* ]] || missing+=("$p"); done
if ((${#missing[@]})); then
  log "installing ${missing[*]} (log: .sandbox/logs/apt.log)"
  # Keep package scripts from starting system services (apache2, the system MariaDB): this sandbox runs its own.
  made_policy=
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod 755 /usr/sbin/policy-rc.d && made_policy=1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt_ok=1
  {
    apt-get -o DPkg::Lock::Timeout=600 update &&
      apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends "${missing[@]}"
  } >>"$SB/logs/apt.log" 2>&1 || apt_ok=
  [ -n "$made_policy" ] && rm -f /usr/sbin/policy-rc.d
  if [ -z "$apt_ok" ]; then tail -n 20 "$SB/logs/apt.log" >&2; die "apt-get failed (see .sandbox/logs/apt.log)"; fi
fi

# --- 2. MariaDB with its own data dir, socket, port and pid file ----------------------------------
MY_DATA=$SB/mysql
MY_RUN=$SB/mysql-run
SOCK=$MY_RUN/mysqld.sock
if [ ${#SOCK} -gt 100 ]; then SOCK=/tmp/festival-sandbox-$(echo "$SB" | md5sum | cut -c1-8).sock; fi # sun_path limit
MY_PIDFILE=$SB/run/mariadb.pid
mysql_root() { mariadb --no-defaults --socket="$SOCK" -uroot "$@"; }
db_ready() { mariadb-admin --no-defaults --socket="$SOCK" -uroot --connect-timeout=2 ping >/dev/null 2>&1; }

my_pid=$(read_pid "$MY_PIDFILE")
if alive "$my_pid" && [[ $(cmd_of "$my_pid") == *mariadbd* ]] && [ "$(cat "$SB/run/mariadb.port" 2>/dev/null)" = "$DB_PORT" ] && db_ready; then
  :
else
  if [ -f "$MY_PIDFILE" ]; then # recorded but not healthy (or another port): stop what is left of it
    log "restarting MariaDB"; bash "$HERE/down.sh" --only-mariadb
  fi
  port_open "$DB_PORT" && die "port $DB_PORT is in use by a process this sandbox did not start (set SANDBOX_DB_PORT)"
  # Run as the mysql user when it can reach the repo, else as root (mariadbd then needs --user=root).
  mkdir -p "$MY_DATA" "$MY_RUN"
  MY_USER=root
  runuser -u mysql -- test -x "$SB" 2>/dev/null && MY_USER=mysql
  if [ "$MY_USER" = mysql ] && [ -n "$(find "$MY_DATA" "$MY_RUN" ! -user mysql -print -quit)" ]; then
    chown -R mysql:mysql "$MY_DATA" "$MY_RUN"
  fi
  if [ ! -d "$MY_DATA/mysql" ]; then
    log "creating the MariaDB data dir .sandbox/mysql"
    mariadb-install-db --no-defaults --user="$MY_USER" --datadir="$MY_DATA" --auth-root-authentication-method=socket \
      --skip-test-db --skip-name-resolve >"$SB/logs/mariadb-install.log" 2>&1 ||
      { tail -n 20 "$SB/logs/mariadb-install.log" >&2; die "mariadb-install-db failed"; }
  fi
  rm -f "$SOCK" "$MY_RUN/mariadbd.pid"
  touch "$SB/logs/mariadb.log" && chown "$MY_USER" "$SB/logs/mariadb.log"
  setsid mariadbd --no-defaults --user="$MY_USER" --datadir="$MY_DATA" --socket="$SOCK" --port="$DB_PORT" \
    --bind-address=127.0.0.1 --pid-file="$MY_RUN/mariadbd.pid" --log-error="$SB/logs/mariadb.log" \
    --skip-name-resolve --character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci \
    --innodb-buffer-pool-size=128M --innodb-flush-log-at-trx-commit=2 --max-connections=100 \
    </dev/null >>"$SB/logs/mariadb.out" 2>&1 9>&- &
  my_pid=$!
  echo "$my_pid" >"$MY_PIDFILE"
  echo "$DB_PORT" >"$SB/run/mariadb.port"
  for _ in $(seq 1 300); do
    db_ready && break
    alive "$my_pid" || { tail -n 20 "$SB/logs/mariadb.log" >&2; die "MariaDB exited (see .sandbox/logs/mariadb.log)"; }
    sleep 0.1
  done
  db_ready || die "MariaDB did not answer within 30 s (see .sandbox/logs/mariadb.log)"
  log "MariaDB up on 127.0.0.1:$DB_PORT (pid $my_pid)"
fi

db_exists() { [ -n "$(mysql_root -N -e "SHOW DATABASES LIKE '$DB_NAME'")" ]; }
create_db() {
  mysql_root -e "CREATE DATABASE IF NOT EXISTS \`$DB_NAME\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
    CREATE USER IF NOT EXISTS '$DB_USER'@'127.0.0.1' IDENTIFIED BY '$DB_PASSWORD';
    CREATE USER IF NOT EXISTS '$DB_USER'@'localhost' IDENTIFIED BY '$DB_PASSWORD';
    GRANT ALL PRIVILEGES ON \`$DB_NAME\`.* TO '$DB_USER'@'127.0.0.1', '$DB_USER'@'localhost';"
}
db_exists || create_db

# --- 3. WordPress configuration and the offline must-use plugin -----------------------------------
CONFIG=/etc/wordpress/config-default.php
if [ -f "$CONFIG" ] && ! grep -q 'festival-sandbox' "$CONFIG"; then
  die "$CONFIG exists and was not written by this sandbox; move it away first"
fi
mkdir -p /etc/wordpress
put "$CONFIG" 640 <<EOF
<?php
// festival-sandbox: written by scripts/sandbox/up.sh for the local WordPress on 127.0.0.1. Do not edit.
define('DB_NAME', '$DB_NAME');
define('DB_USER', '$DB_USER');
define('DB_PASSWORD', '$DB_PASSWORD');
define('DB_HOST', '127.0.0.1:$DB_PORT');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
define('WP_HOME', '$SITE_URL');
define('WP_SITEURL', '$SITE_URL');
define('WP_ENVIRONMENT_TYPE', 'local'); // Application Passwords over plain http
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('WP_DEBUG', false);
\$table_prefix = 'wp_';
EOF
put "$WP_CONTENT/mu-plugins/festival-sandbox-offline.php" <<'EOF'
<?php
/*
 * Plugin Name: Festival sandbox: offline
 * Description: Refuses every outbound HTTP request that does not go to the loopback interface (festival-sandbox, scripts/sandbox/up.sh).
 */
add_filter('pre_http_request', function ($pre, $args, $url) {
    $host = strtolower(trim((string) parse_url($url, PHP_URL_HOST), '[]'));
    if ($host === 'localhost' || $host === '::1' || preg_match('/^127(\.\d{1,3}){3}$/', $host)) {
        return $pre;
    }
    error_log(sprintf('festival sandbox: blocked outbound HTTP %s %s', $args['method'] ?? 'GET', $url));
    return new WP_Error('http_request_blocked', sprintf('The festival sandbox makes no outbound requests (%s).', $host));
}, 0, 3);
EOF

# --- 4. PHP's built-in server --------------------------------------------------------------------
PHP_PIDFILE=$SB/run/php.pid
php_pid=$(read_pid "$PHP_PIDFILE")
if alive "$php_pid" && [[ $(cmd_of "$php_pid") == *" -S 127.0.0.1:$PORT "* ]] && port_open "$PORT"; then
  :
else
  if [ -f "$PHP_PIDFILE" ]; then # recorded but not healthy (or another port): stop it and any left-over workers
    log "restarting the PHP server"; bash "$HERE/down.sh" --only-php
  fi
  port_open "$PORT" && die "port $PORT is in use by a process this sandbox did not start (set SANDBOX_PORT)"
  (cd "$DOCROOT" && PHP_CLI_SERVER_WORKERS=4 exec setsid php "${PHP_FLAGS[@]}" -S "127.0.0.1:$PORT" -t "$DOCROOT" "$HERE/router.php" \
    </dev/null >>"$SB/logs/php-server.log" 2>&1) 9>&- &
  php_pid=$!
  echo "$php_pid" >"$PHP_PIDFILE"
  echo "$PORT" >"$SB/run/php.port"
  for _ in $(seq 1 100); do port_open "$PORT" && break; alive "$php_pid" || break; sleep 0.1; done
  port_open "$PORT" || { tail -n 20 "$SB/logs/php-server.log" >&2; die "the PHP server did not start (see .sandbox/logs/php-server.log)"; }
  log "PHP server up on $SITE_URL (pid $php_pid)"
fi

# --- 5. Install and seed WordPress (once per seed version) ---------------------------------------
wp() { SANDBOX_SITE_URL=$SITE_URL SANDBOX_SEED_VERSION=$SEED_VERSION php "${PHP_FLAGS[@]}" "$HERE/wp.php" "$@"; }
json_get() { php -r '$v = json_decode(stream_get_contents(STDIN), true); foreach (array_slice($argv, 1) as $k) $v = $v[$k] ?? null; echo is_scalar($v) ? $v : "";' -- "$@"; }

# The seed marker, read straight from the database (no WordPress load on the fast path); empty when not installed.
state=$(mysql_root --batch --raw --skip-column-names -e "SELECT option_value FROM \`$DB_NAME\`.wp_options WHERE option_name = 'festival_sandbox_seed'" 2>/dev/null || true)
if [ "$(json_get version <<<"$state")" != "$SEED_VERSION" ]; then
  log "installing and seeding WordPress (fresh database '$DB_NAME')"
  mysql_root -e "DROP DATABASE IF EXISTS \`$DB_NAME\`"
  create_db
  wp install >>"$SB/logs/wp.log" 2>&1 || { tail -n 20 "$SB/logs/wp.log" >&2; die "WordPress install failed (see .sandbox/logs/wp.log)"; }
  state=$(wp seed 2>>"$SB/logs/wp.log") || { tail -n 20 "$SB/logs/wp.log" >&2; die "seeding failed (see .sandbox/logs/wp.log)"; }
fi

# --- 6. env.json (rewritten only when something changed) -----------------------------------------
workers=$(ps --ppid "$php_pid" -o pid= 2>/dev/null | tr -s ' \n' ' ' || true)
env_json=$(STATE="$state" SITE_URL="$SITE_URL" PHP_PID="$php_pid" WORKERS="$workers" MY_PID="$my_pid" PORT="$PORT" DB_PORT="$DB_PORT" SOCK="$SOCK" php -r '
  $s = json_decode(getenv("STATE"), true);
  $site = getenv("SITE_URL");
  $workers = array_map("intval", array_values(array_filter(explode(" ", getenv("WORKERS")), "strlen")));
  sort($workers);
  echo json_encode([
    "baseUrl" => "$site/wp-json",
    "siteUrl" => $site,
    "wordpress" => $s["wordpress"],
    "admin" => ["user" => "admin", "appPassword" => $s["adminAppPassword"], "password" => $s["adminPassword"]],
    "reader" => ["user" => "reader", "appPassword" => $s["readerAppPassword"], "password" => $s["readerPassword"]],
    "ids" => $s["ids"],
    "pids" => ["php" => (int) getenv("PHP_PID"), "phpWorkers" => $workers, "mariadb" => (int) getenv("MY_PID")],
    "ports" => ["http" => (int) getenv("PORT"), "mariadb" => (int) getenv("DB_PORT")],
    "mariadbSocket" => getenv("SOCK"),
    "seedVersion" => $s["version"],
  ], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";')
put "$SB/env.json" 644 <<<"$env_json"

# --- 7. Ready? -----------------------------------------------------------------------------------
code=$(php -r '$c = @file_get_contents($argv[1], false, stream_context_create(["http" => ["timeout" => 10, "ignore_errors" => true]]));
  $ok = is_array(json_decode((string) $c, true)) && preg_match("# 200 #", $http_response_header[0] ?? ""); echo $ok ? "ok" : "no";' -- "$SITE_URL/wp-json/")
[ "$code" = ok ] || die "$SITE_URL/wp-json/ does not answer 200 JSON (see .sandbox/logs/)"
elapsed=$(awk -v a="$T0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
log "ready in ${elapsed} s: $SITE_URL/wp-json (credentials and ids in .sandbox/env.json)"
