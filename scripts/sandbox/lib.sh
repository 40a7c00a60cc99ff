# shellcheck shell=bash
# The helpers up.sh and down.sh share (sourced by both, never run): a log line, whether a loopback
# port is open, whether a pid is running (zombies, <defunct>, count as gone), a pid's command line,
# and the content of a run file (.sandbox/run/<name>.pid or .port; nothing when it is missing).
log() { echo "sandbox: $*"; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
alive() {
  local pid=${1:-}
  [[ $pid =~ ^[0-9]+$ ]] && [ -r "/proc/$pid/stat" ] || return 1
  local stat; stat=$(cat "/proc/$pid/stat" 2>/dev/null) || return 1
  [ "$(awk '{print $3}' <<<"${stat##*)}")" != Z ]
}
cmd_of() { tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null || true; }
read_file() { [ -f "$1" ] && cat "$1" || true; }
