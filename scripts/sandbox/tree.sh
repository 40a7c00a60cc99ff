#!/usr/bin/env bash
# Lay out one WordPress release's tree from a Debian suite, beside the system's 6.1, without installing it:
#   bash scripts/sandbox/tree.sh <suite> <dest-root>        e.g.  tree.sh trixie .sandbox/trees/trixie
# A private apt configuration (own sources list, lists and cache under .sandbox/apt/<suite>/, the system's
# mirror and keyring) downloads the suite's current `wordpress`, its default themes, `php-getid3` and
# `libphp-phpmailer`, and `dpkg-deb -x` extracts them into <dest-root> (never `dpkg -i`). The suite's
# current version is taken (suites move; the version markers decide what to expect) and written to
# <dest-root>/VERSION. Idempotent: a root with a VERSION file is left as it is.
# Facts behind this: ../shared/reference/wordpress-versions.md.
set -euo pipefail
trap 'echo "tree.sh: failed at line $LINENO (exit $?); see .sandbox/logs/tree-*.log" >&2' ERR
SUITE=${1:?usage: tree.sh <suite> <dest-root>}
DEST=${2:?usage: tree.sh <suite> <dest-root>}
[[ $SUITE =~ ^[a-z]+$ ]] || { echo "tree.sh: suite must be a Debian suite name, got '$SUITE'" >&2; exit 2; }
if [ -s "$DEST/VERSION" ] && [ -f "$DEST/usr/share/wordpress/wp-includes/version.php" ]; then exit 0; fi

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SB=$(cd "$HERE/../.." && pwd)/.sandbox
APT=$SB/apt/$SUITE
mkdir -p "$APT/lists/partial" "$APT/cache/archives/partial" "$APT/debs" "$APT/etc/preferences.d" "$APT/etc/apt.conf.d"

# The mirror the machine already uses (its deb822 sources), else Debian's default.
MIRROR=$(awk '/^URIs:/ { for (i = 2; i <= NF; i++) if ($i !~ /security/) { print $i; exit } }' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
if [ -z "$MIRROR" ]; then
  MIRROR=$(awk '$1 == "deb" && $2 !~ /security/ { print $2; exit }' /etc/apt/sources.list 2>/dev/null || true)
fi
MIRROR=${MIRROR:-http://deb.debian.org/debian}
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
[ -r "$KEYRING" ] || { echo "tree.sh: the Debian archive keyring $KEYRING is missing (apt-get install debian-archive-keyring)" >&2; exit 1; }

cat >"$APT/sources.list" <<EOF
deb [signed-by=$KEYRING] $MIRROR $SUITE main
EOF
cat >"$APT/apt.conf" <<EOF
Dir::Etc::SourceList "$APT/sources.list";
Dir::Etc::SourceParts "$APT/empty-parts";
Dir::Etc::Preferences "$APT/etc/preferences";
Dir::Etc::PreferencesParts "$APT/etc/preferences.d";
Dir::Etc::Parts "$APT/etc/apt.conf.d";
Dir::State::Lists "$APT/lists";
Dir::Cache "$APT/cache";
Dir::Cache::Archives "$APT/cache/archives";
APT::Get::List-Cleanup "false";
Acquire::Languages "none";
// The mirror may serve a suite whose Release file is past its Valid-Until date (a snapshot-pinned
// mirror; seen for sid here): signatures are still checked, only the freshness date is not.
Acquire::Check-Valid-Until "false";
Acquire::Retries "3";
Acquire::http::Timeout "60";
EOF
mkdir -p "$APT/empty-parts"
export APT_CONFIG=$APT/apt.conf
LOG=$SB/logs/tree-$SUITE.log
mkdir -p "$SB/logs"
apt-get -q update >"$LOG" 2>&1 || { tail -n 15 "$LOG" >&2; echo "tree.sh: apt-get update of the private '$SUITE' list failed (see $LOG)" >&2; exit 1; }

# The suite's current version of a package, or nothing. awk reads to the end (an early `exit` would
# make apt-cache die of SIGPIPE now and then, and with pipefail stop this script without a word).
version_of() { apt-cache show --no-all-versions "$1" 2>/dev/null | awk '/^Version:/ && !v { v = $2 } END { print v }' || true; }
WP_VERSION=$(version_of wordpress)
[ -n "$WP_VERSION" ] || { echo "tree.sh: the suite '$SUITE' has no 'wordpress' package on $MIRROR" >&2; exit 1; }
PKGS=(wordpress php-getid3 libphp-phpmailer)
for theme in wordpress-theme-twentytwentythree wordpress-theme-twentytwentyfive; do
  if [ -n "$(version_of "$theme")" ]; then PKGS+=("$theme"); fi
done
for p in "${PKGS[@]}"; do [ -n "$(version_of "$p")" ] || { echo "tree.sh: the suite '$SUITE' has no package '$p'" >&2; exit 1; }; done
(cd "$APT/debs" && rm -f ./*.deb && apt-get -q download "${PKGS[@]}") >>"$LOG" 2>&1 ||
  { tail -n 15 "$LOG" >&2; echo "tree.sh: downloading ${PKGS[*]} from '$SUITE' failed (see $LOG)" >&2; exit 1; }

TMP=$DEST.partial
rm -rf "$TMP"
mkdir -p "$TMP"
for deb in "$APT"/debs/*.deb; do dpkg-deb -x "$deb" "$TMP"; done
[ -f "$TMP/usr/share/wordpress/wp-includes/version.php" ] || { echo "tree.sh: the extracted tree has no wp-includes/version.php" >&2; exit 1; }
# Debian's wp-config.php dispatches to /etc/wordpress/config-*.php, i.e. the system 6.1 site's
# database: remove it at once; the sandbox writes the release's own config before anything is served.
rm -f "$TMP/usr/share/wordpress/wp-config.php"
echo "$WP_VERSION" >"$TMP/VERSION"
rm -rf "$DEST"
mv "$TMP" "$DEST"
echo "tree.sh: $SUITE wordpress $WP_VERSION in $DEST"
