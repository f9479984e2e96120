#!/usr/bin/env bash
# Installs the system programs the test suite drives: Debian's Chromium (browser tests),
# PostgreSQL (the database-URL path of the server) and Node.js (the load benchmark's
# players). Skips what is already there.
# Needs root and apt-get; without them it says what is missing and fails.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v node >/dev/null || missing+=(nodejs)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  echo "The tests need these Debian packages: ${missing[*]}" >&2
  echo "Install them (as root: apt-get install ${missing[*]}) and run make test again." >&2
  exit 1
fi
echo "Installing ${missing[*]} (once) ..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
