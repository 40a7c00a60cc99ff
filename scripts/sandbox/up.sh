#!/usr/bin/env bash
# Start (and on first use provision) the local WordPress sandbox: a matrix of real sites on 127.0.0.1.
#   site   WordPress                        calendar plugin (The Events Calendar)   HTTP port
#   wp61   6.1 (Debian bookworm, system)    none: a stock site                      SANDBOX_PORT (8881)
#   wp68   6.8 (Debian trixie, own tree)    6.6.4.2                                 SANDBOX_PORT_WP68 (8882)
#   wp71   7.1 (Debian sid, own tree)       6.17.2 (newest)                         SANDBOX_PORT_WP71 (8883)
#          + the add-ons Forminator 1.53.2 and NPS Survey 1.0.16, seeded with a form, a poll and a quiz
#   wp71b  7.1 (sid's tree, hard-linked)    6.17.2, set up differently: no navigation  SANDBOX_PORT_WP71B (8884)
#          menu, plain permalinks, comments closed
# One MariaDB (SANDBOX_DB_PORT, 3307) serves all; each site has its own database, tree, content folder
# and PHP server. Idempotent: when everything runs and is seeded it checks, rewrites nothing and returns
# in seconds.
#   npm run sandbox                    all four sites (root on Debian 12)
#   npm run sandbox -- --site wp71     one site (repeatable)
#   FESTIVAL_PLATFORM_DIR=<dir|archive> where the calendar's and the add-ons' release builds are
#                                      (default ../shared/platform beside the repository)
# Writes .sandbox/env.json (every site's URLs, credentials, seeded ids, pids; its top level is wp61's,
# or the first site's, for tools that know one site) and .sandbox/sites/<site>/env.json; logs in
# .sandbox/logs/.
set -euo pipefail

T0=$(date +%s.%N)
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
SB=$REPO/.sandbox
DB_PORT=${SANDBOX_DB_PORT:-3307}
SEED_VERSION=3 # bump when wp.php or seed-calendar.json (seed-calendar.ts) seed different content: the databases are then rebuilt
DB_USER=wordpress
DB_PASSWORD=wordpress-sandbox # loopback only
PLATFORM_DIR=${FESTIVAL_PLATFORM_DIR:-$REPO/../shared/platform}
ALL_SITES=(wp61 wp68 wp71 wp71b)
PACKAGES=(wordpress wordpress-theme-twentytwentythree php-cli php-mysql php-gd php-xml php-mbstring php-curl mariadb-server mariadb-client xz-utils chromium)
PHP_FLAGS=(-d display_errors=stderr -d memory_limit=512M -d upload_max_filesize=64M -d post_max_size=64M)

# The matrix: site -> port, Debian suite of its tree ("system": the machine's own package), calendar release.
site_port() { case $1 in wp61) echo "${SANDBOX_PORT:-8881}" ;; wp68) echo "${SANDBOX_PORT_WP68:-8882}" ;; wp71) echo "${SANDBOX_PORT_WP71:-8883}" ;; wp71b) echo "${SANDBOX_PORT_WP71B:-8884}" ;; esac; }
site_suite() { case $1 in wp61) echo system ;; wp68) echo trixie ;; wp71 | wp71b) echo sid ;; esac; }
site_calendar() { case $1 in wp61) echo "" ;; wp68) echo 6.6.4.2 ;; wp71 | wp71b) echo 6.17.2 ;; esac; }
site_db() { case $1 in wp61) echo wordpress ;; *) echo "$1" ;; esac; }
# The add-ons' release builds a site runs ("<folder>-<release>" each; the archive is <folder>-<release>.tar.xz
# in PLATFORM_DIR, holding the plugin folder <folder>/): DECISIONS D194.
site_addons() { case $1 in wp71) echo "forminator-1.53.2 nps-survey-1.0.16" ;; *) echo "" ;; esac; }
# How a site is set up ("standard": a menu, /%postname%/ permalinks, comments open; "plain": no menu,
# plain permalinks, comments closed): DECISIONS D195.
site_setup() { case $1 in wp71b) echo plain ;; *) echo standard ;; esac; }
# A second site on a suite another site already uses gets a hard-linked copy of that suite's tree (its own
# wp-config.php replaces the link; WordPress writes nothing else into the tree).
site_tree() { case $1 in wp71b) echo "$SB/trees/sid-wp71b" ;; *) echo "$SB/trees/$(site_suite "$1")" ;; esac; }

# log, port_open, alive, cmd_of, read_file
. "$HERE/lib.sh"
die() { echo "sandbox: $*" >&2; exit 1; }

SITES=()
while (($#)); do
  case $1 in
    --site) [ -n "${2:-}" ] || die "--site needs a name: ${ALL_SITES[*]}"; SITES+=("$2"); shift 2 ;;
    --site=*) SITES+=("${1#--site=}"); shift ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (usage: up.sh [--site ${ALL_SITES[*]// /|}]...)" ;;
  esac
done
((${#SITES[@]})) || SITES=("${ALL_SITES[@]}")
for site in "${SITES[@]}"; do
  [[ " ${ALL_SITES[*]} " == *" $site "* ]] || die "unknown site '$site': the sites are ${ALL_SITES[*]}"
done

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

# A signal (Ctrl-C; SIGINT, SIGTERM or SIGHUP to `npm run sandbox`, whose launcher signals this
# script's whole process group, so the command running now stops too) ends the provisioning: its
# temporary files go; the servers already up stay, as after a finished run (npm run sandbox:stop).
# A re-run picks up where it stopped.
on_signal() {
  trap - INT TERM HUP
  rm -f "$SB"/run/put.* 2>/dev/null
  rm -rf "$SB"/sites/*/wp-content/plugins/.tec-partial "$SB"/trees/*.partial 2>/dev/null
  log "stopped by SIG$1; temporary files removed (the servers already started keep running: npm run sandbox:stop)"
  exit "$2"
}
trap 'on_signal INT 130' INT
trap 'on_signal TERM 143' TERM
trap 'on_signal HUP 129' HUP

# --- helpers -------------------------------------------------------------------------------------
# Write a file only when its content changes (keeps re-runs change-free).
put() { local dest=$1 tmp; tmp=$(mktemp "$SB/run/put.XXXXXX"); cat >"$tmp"; if [ -f "$dest" ] && cmp -s "$tmp" "$dest"; then rm -f "$tmp"; else mkdir -p "$(dirname "$dest")"; mv "$tmp" "$dest"; chmod "${2:-644}" "$dest"; fi; }

# The calendar release's archive (or folder) for a version, from PLATFORM_DIR; nothing when missing.
calendar_source() { # $1 release -> path of a .tar.xz/.zip archive or of a folder holding the-events-calendar/
  local rel=$1 f
  if [ -f "$PLATFORM_DIR" ]; then # an archive named directly
    [[ $(basename "$PLATFORM_DIR") == *"$rel"* ]] && { echo "$PLATFORM_DIR"; return 0; }
  elif [ -d "$PLATFORM_DIR" ]; then
    for f in "$PLATFORM_DIR/the-events-calendar-$rel.tar.xz" "$PLATFORM_DIR/the-events-calendar.$rel.zip" "$PLATFORM_DIR/the-events-calendar-$rel.zip" "$PLATFORM_DIR/the-events-calendar-$rel"; do
      [ -e "$f" ] && { echo "$f"; return 0; }
    done
  fi
  return 1
}

# An add-on's release archive in PLATFORM_DIR (a folder: <name>-<release>.tar.xz in it); nothing when missing.
addon_source() { # $1 "<folder>-<release>"
  [ -d "$PLATFORM_DIR" ] && [ -f "$PLATFORM_DIR/$1.tar.xz" ] && echo "$PLATFORM_DIR/$1.tar.xz"
}
addon_folder() { echo "${1%-*}"; }  # forminator-1.53.2 -> forminator
addon_release() { echo "${1##*-}"; } # forminator-1.53.2 -> 1.53.2

# Who holds a TCP port on 127.0.0.1: "pid N: command" from /proc (bounded), or what is known.
port_owner() {
  local port=$1 hex inode pid fd
  printf -v hex '%04X' "$port"
  inode=$(awk -v h=":$hex" '$2 ~ h"$" && $4 == "0A" { print $10; exit }' /proc/net/tcp /proc/net/tcp6 2>/dev/null)
  if [ -n "$inode" ] && [ "$inode" != 0 ]; then
    for fd in /proc/[0-9]*/fd/*; do
      if [ "$(readlink "$fd" 2>/dev/null)" = "socket:[$inode]" ]; then
        pid=${fd#/proc/}; pid=${pid%%/*}
        echo "pid $pid: $(cmd_of "$pid" | cut -c1-120)"; return 0
      fi
    done
  fi
  echo "a process this user cannot see"
}

# Every calendar release the chosen sites need must be there before anything is installed.
for site in "${SITES[@]}"; do
  rel=$(site_calendar "$site")
  [ -z "$rel" ] || calendar_source "$rel" >/dev/null ||
    die "site $site needs The Events Calendar $rel: no the-events-calendar-$rel.tar.xz (or .zip, or folder the-events-calendar-$rel/) in $PLATFORM_DIR. Put the release build there, or name its folder or archive with FESTIVAL_PLATFORM_DIR (or provision only the stock site: npm run sandbox -- --site wp61)."
  for addon in $(site_addons "$site"); do
    addon_source "$addon" >/dev/null ||
      die "site $site needs the add-on $(addon_folder "$addon") $(addon_release "$addon"): no $addon.tar.xz in $PLATFORM_DIR. Put the release build there, or name the folder that holds it with FESTIVAL_PLATFORM_DIR."
  done
done

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

my_pid=$(read_file "$MY_PIDFILE")
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

# --- 3. The sites ---------------------------------------------------------------------------------
create_db() { # $1 database
  mysql_root -e "CREATE DATABASE IF NOT EXISTS \`$1\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
    CREATE USER IF NOT EXISTS '$DB_USER'@'127.0.0.1' IDENTIFIED BY '$DB_PASSWORD';
    CREATE USER IF NOT EXISTS '$DB_USER'@'localhost' IDENTIFIED BY '$DB_PASSWORD';
    GRANT ALL PRIVILEGES ON \`$1\`.* TO '$DB_USER'@'127.0.0.1', '$DB_USER'@'localhost';"
}
json_get() { php -r '$v = json_decode(stream_get_contents(STDIN), true); foreach (array_slice($argv, 1) as $k) $v = $v[$k] ?? null; echo is_scalar($v) ? $v : "";' -- "$@"; }

offline_plugin() {
  cat <<'PHP'
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
PHP
}

wp_config() { # $1 site, $2 db, $3 site URL, $4 content dir ("" = Debian's default), $5 ABSPATH ("" = Debian's)
  cat <<CONFIG
<?php
// festival-sandbox: written by scripts/sandbox/up.sh for the local WordPress site '$1' on 127.0.0.1. Do not edit.
define('DB_NAME', '$2');
define('DB_USER', '$DB_USER');
define('DB_PASSWORD', '$DB_PASSWORD');
define('DB_HOST', '127.0.0.1:$DB_PORT');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
define('WP_HOME', '$3');
define('WP_SITEURL', '$3');
define('WP_ENVIRONMENT_TYPE', 'local'); // Application Passwords over plain http
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('WP_DEBUG', false);
\$table_prefix = 'wp_';
CONFIG
  if [ -n "$4" ]; then
    cat <<CONFIG
define('FS_METHOD', 'direct');
define('WP_CONTENT_DIR', '$4');
define('WP_CONTENT_URL', '$3/wp-content');
if (!defined('ABSPATH')) define('ABSPATH', '$5/');
require_once ABSPATH . 'wp-settings.php';
CONFIG
  fi
}

port_var() { case $1 in wp61) echo SANDBOX_PORT ;; wp68) echo SANDBOX_PORT_WP68 ;; wp71) echo SANDBOX_PORT_WP71 ;; wp71b) echo SANDBOX_PORT_WP71B ;; esac; }

# A plugin's release build into a content folder, exactly as released, when the folder's main file does
# not already carry that release. $1 site, $2 plugins dir, $3 folder, $4 main file, $5 release, $6 archive
install_plugin() {
  local site=$1 plugins=$2 folder=$3 main=$4 release=$5 src=$6 have
  have=$(sed -n 's/^[ *]*Version:[[:space:]]*//p' "$plugins/$folder/$main" 2>/dev/null | head -n 1 | tr -d '\r' || true)
  [ "$have" = "$release" ] && return 0
  log "site $site: installing $folder $release from $src"
  rm -rf "${plugins:?}/$folder" "$plugins/.tec-partial"
  mkdir -p "$plugins/.tec-partial"
  case $src in
    *.tar.xz) tar -xJf "$src" -C "$plugins/.tec-partial" ;;
    *.zip) php -r '$z = new ZipArchive(); if ($z->open($argv[1]) !== true || !$z->extractTo($argv[2])) exit(1);' -- "$src" "$plugins/.tec-partial" ;;
    *) if [ -d "$src/$folder" ]; then cp -a "$src/$folder" "$plugins/.tec-partial/"; else cp -a "$src" "$plugins/.tec-partial/$folder"; fi ;;
  esac || die "site $site: extracting $src failed"
  [ -f "$plugins/.tec-partial/$folder/$main" ] || die "site $site: $src holds no $folder/$main"
  mv "$plugins/.tec-partial/$folder" "$plugins/$folder"
  rm -rf "$plugins/.tec-partial"
}

site_up() { # $1 site name
  local site=$1 port suite release db url root content tree_root php_pidfile php_pid state src
  port=$(site_port "$site"); suite=$(site_suite "$site"); release=$(site_calendar "$site"); db=$(site_db "$site")
  url=http://127.0.0.1:$port
  # The REST root: /wp-json needs pretty permalinks; a plain site answers at /?rest_route= only (D195).
  local rest=$url/wp-json
  [ "$(site_setup "$site")" = plain ] && rest="$url/?rest_route="
  local dir=$SB/sites/$site
  mkdir -p "$dir"
  # 3a. The tree and the content folder.
  if [ "$suite" = system ]; then
    root=/usr/share/wordpress
    content=/var/lib/wordpress/wp-content
    local config=/etc/wordpress/config-default.php
    if [ -f "$config" ] && ! grep -q 'festival-sandbox' "$config"; then
      die "$config exists and was not written by this sandbox; move it away first"
    fi
    mkdir -p /etc/wordpress
    wp_config "$site" "$db" "$url" "" "" | put "$config" 640
  else
    tree_root=$(site_tree "$site")
    bash "$HERE/tree.sh" "$suite" "$SB/trees/$suite" || die "site $site: the WordPress tree of Debian '$suite' cannot be had (see above)"
    if [ "$tree_root" != "$SB/trees/$suite" ] && ! cmp -s "$SB/trees/$suite/VERSION" "$tree_root/VERSION"; then
      rm -rf "$tree_root" "$tree_root.partial"
      cp -al "$SB/trees/$suite" "$tree_root.partial" && rm -f "$tree_root.partial/usr/share/wordpress/wp-config.php" && mv "$tree_root.partial" "$tree_root" ||
        die "site $site: linking a copy of the '$suite' tree into $tree_root failed"
    fi
    root=$tree_root/usr/share/wordpress
    content=$dir/wp-content
    mkdir -p "$content/themes" "$content/plugins" "$content/uploads" "$content/mu-plugins"
    local theme
    for theme in "$root"/wp-content/themes/*/; do
      theme=${theme%/}
      [ -e "$content/themes/$(basename "$theme")" ] || ln -s "$theme" "$content/themes/$(basename "$theme")"
    done
    # Debian's dispatcher would load /etc/wordpress/config-*.php (the wp61 site's database): the tree
    # gets its own plain config before anything is served (tree.sh already removed the dispatcher).
    wp_config "$site" "$db" "$url" "$content" "$root" | put "$root/wp-config.php" 640
  fi
  offline_plugin | put "$content/mu-plugins/festival-sandbox-offline.php"
  # 3b. The calendar plugin's and the add-ons' release builds, exactly as released (PLATFORM_DIR).
  if [ -n "$release" ]; then
    src=$(calendar_source "$release") || die "site $site needs The Events Calendar $release: no the-events-calendar-$release.tar.xz (or .zip, or folder the-events-calendar-$release/) in $PLATFORM_DIR. Put the release build there, or name its folder or archive with FESTIVAL_PLATFORM_DIR."
    install_plugin "$site" "$content/plugins" the-events-calendar the-events-calendar.php "$release" "$src"
  fi
  local addon addons
  addons=$(site_addons "$site")
  for addon in $addons; do
    src=$(addon_source "$addon") || die "site $site needs the add-on $(addon_folder "$addon") $(addon_release "$addon"): no $addon.tar.xz in $PLATFORM_DIR."
    install_plugin "$site" "$content/plugins" "$(addon_folder "$addon")" "$(addon_folder "$addon").php" "$(addon_release "$addon")" "$src"
  done

  # 3c. PHP's built-in server.
  php_pidfile=$SB/run/php-$site.pid
  php_pid=$(read_file "$php_pidfile")
  if alive "$php_pid" && [[ $(cmd_of "$php_pid") == *" -S 127.0.0.1:$port "* ]] && port_open "$port"; then
    :
  else
    if [ -f "$php_pidfile" ]; then # recorded but not healthy (or another port): stop it and any left-over workers
      log "site $site: restarting the PHP server"; bash "$HERE/down.sh" --only "php-$site"
    fi
    if port_open "$port"; then
      die "site $site: port $port is in use by a process this sandbox did not start ($(port_owner "$port")); choose another port with $(port_var "$site")=<port>"
    fi
    (cd "$root" && SANDBOX_CONTENT_DIR=$content PHP_CLI_SERVER_WORKERS=4 exec setsid php "${PHP_FLAGS[@]}" -S "127.0.0.1:$port" -t "$root" "$HERE/router.php" \
      </dev/null >>"$SB/logs/php-$site.log" 2>&1) 9>&- &
    php_pid=$!
    echo "$php_pid" >"$php_pidfile"
    echo "$port" >"$SB/run/php-$site.port"
    for _ in $(seq 1 100); do port_open "$port" && break; alive "$php_pid" || break; sleep 0.1; done
    port_open "$port" || { tail -n 20 "$SB/logs/php-$site.log" >&2; die "site $site: the PHP server did not start (see .sandbox/logs/php-$site.log)"; }
    log "site $site: PHP server up on $url (pid $php_pid)"
  fi

  # 3d. Install and seed WordPress, then the calendar through its own REST routes (once per seed version).
  local setup
  setup=$(site_setup "$site")
  wp() { SANDBOX_WP_ROOT=$root SANDBOX_SITE_URL=$url SANDBOX_SEED_VERSION=$SEED_VERSION SANDBOX_SETUP=$setup php "${PHP_FLAGS[@]}" "$HERE/wp.php" "$@"; }
  local log_file=$SB/logs/wp-$site.log
  state=$(mysql_root --batch --raw --skip-column-names -e "SELECT option_value FROM \`$db\`.wp_options WHERE option_name = 'festival_sandbox_seed'" 2>/dev/null || true)
  if [ "$(json_get version <<<"$state")" != "$SEED_VERSION" ] || [ "$(json_get calendar release <<<"$state")" != "$release" ] ||
    [ "$(json_get addons list <<<"$state")" != "$addons" ] || [ "$(json_get setup <<<"$state")" != "$setup" ]; then
    log "site $site: installing and seeding WordPress (fresh database '$db')"
    mysql_root -e "DROP DATABASE IF EXISTS \`$db\`"
    create_db "$db"
    wp install >>"$log_file" 2>&1 || { tail -n 20 "$log_file" >&2; die "site $site: WordPress install failed (see $log_file)"; }
    wp seed >>"$log_file" 2>&1 || { tail -n 20 "$log_file" >&2; die "site $site: seeding failed (see $log_file)"; }
    if [ -n "$release" ]; then
      wp activate the-events-calendar/the-events-calendar.php >>"$log_file" 2>&1 ||
        { tail -n 20 "$log_file" >&2; die "site $site: activating The Events Calendar $release failed (see $log_file)"; }
      state=$(mysql_root --batch --raw --skip-column-names -e "SELECT option_value FROM \`$db\`.wp_options WHERE option_name = 'festival_sandbox_seed'")
      node "$HERE/../../dist/scripts/sandbox/seed-calendar.js" --base-url "$rest" --release "$release" <<<"$state" >"$dir/calendar.json" 2>>"$log_file" ||
        { tail -n 20 "$log_file" >&2; die "site $site: seeding the calendar through its REST routes failed (see $log_file)"; }
      wp calendar "$dir/calendar.json" >>"$log_file" 2>&1 ||
        { tail -n 20 "$log_file" >&2; die "site $site: recording the calendar seed failed (see $log_file)"; }
    fi
    if [ -n "$addons" ]; then
      for addon in $addons; do
        wp activate "$(addon_folder "$addon")/$(addon_folder "$addon").php" >>"$log_file" 2>&1 ||
          { tail -n 20 "$log_file" >&2; die "site $site: activating the add-on $addon failed (see $log_file)"; }
      done
      wp addons "$addons" >>"$log_file" 2>&1 || { tail -n 20 "$log_file" >&2; die "site $site: seeding the add-ons failed (see $log_file)"; }
    fi
    state=$(mysql_root --batch --raw --skip-column-names -e "SELECT option_value FROM \`$db\`.wp_options WHERE option_name = 'festival_sandbox_seed'")
  fi

  # 3e. The site's env.json (rewritten only when something changed).
  local workers env_json
  workers=$(ps --ppid "$php_pid" -o pid= 2>/dev/null | tr -s ' \n' ' ' || true)
  env_json=$(STATE="$state" SITE="$site" SITE_URL="$url" REST_ROOT="$rest" PHP_PID="$php_pid" WORKERS="$workers" MY_PID="$my_pid" PORT="$port" DB_PORT="$DB_PORT" SOCK="$SOCK" DB="$db" SUITE="$suite" ROOT_DIR="$root" CONTENT="$content" php -r '
    $s = json_decode(getenv("STATE"), true);
    $site = getenv("SITE_URL");
    $workers = array_map("intval", array_values(array_filter(explode(" ", getenv("WORKERS")), "strlen")));
    sort($workers);
    echo json_encode([
      "site" => getenv("SITE"),
      "baseUrl" => getenv("REST_ROOT"),
      "siteUrl" => $site,
      "wordpress" => $s["wordpress"],
      "debianSuite" => getenv("SUITE"),
      "calendar" => $s["calendar"]["release"] ?? null,
      "admin" => ["user" => "admin", "appPassword" => $s["adminAppPassword"], "password" => $s["adminPassword"]],
      "reader" => ["user" => "reader", "appPassword" => $s["readerAppPassword"], "password" => $s["readerPassword"]],
      "ids" => $s["ids"],
      "calendarIds" => $s["calendar"]["ids"] ?? null,
      "setup" => $s["setupDetails"] ?? null,
      "addons" => $s["addons"]["releases"] ?? (object) [],
      "addonIds" => $s["addons"]["ids"] ?? null,
      "pids" => ["php" => (int) getenv("PHP_PID"), "phpWorkers" => $workers, "mariadb" => (int) getenv("MY_PID")],
      "ports" => ["http" => (int) getenv("PORT"), "mariadb" => (int) getenv("DB_PORT")],
      "mariadbSocket" => getenv("SOCK"),
      "database" => getenv("DB"),
      "wordpressRoot" => getenv("ROOT_DIR"),
      "contentDir" => getenv("CONTENT"),
      "seedVersion" => $s["version"],
    ], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";')
  put "$dir/env.json" 644 <<<"$env_json"

  # 3f. Ready?
  local code
  code=$(php -r '$c = @file_get_contents($argv[1], false, stream_context_create(["http" => ["timeout" => 20, "ignore_errors" => true]]));
    $ok = is_array(json_decode((string) $c, true)) && preg_match("# 200 #", $http_response_header[0] ?? ""); echo $ok ? "ok" : "no";' -- "$rest/")
  [ "$code" = ok ] || die "site $site: $rest/ does not answer 200 JSON (see .sandbox/logs/)"
  log "site $site: ready, WordPress $(json_get wordpress <<<"$state")${release:+ with The Events Calendar $release}${addons:+ and $addons} at $rest"
}

for site in "${SITES[@]}"; do site_up "$site"; done

# --- 4. .sandbox/env.json: every site that has an env.json; wp61's (or the first's) at the top ------
env_all=$(php -r '
  $sites = [];
  foreach (glob($argv[1] . "/sites/*/env.json") as $f) { $e = json_decode(file_get_contents($f), true); if (is_array($e) && isset($e["site"])) $sites[$e["site"]] = $e; }
  ksort($sites);
  if (!$sites) exit(1);
  $top = $sites["wp61"] ?? reset($sites);
  echo json_encode($top + ["sites" => $sites], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";' -- "$SB") || die "no site has an env.json"
put "$SB/env.json" 644 <<<"$env_all"
elapsed=$(awk -v a="$T0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
log "ready in ${elapsed} s: ${SITES[*]} (credentials and ids in .sandbox/env.json)"
