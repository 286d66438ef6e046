#!/bin/sh
# Make sure Debian's Chromium is there for the browser tests (issue 8). Playwright never downloads
# a browser here: the tests drive the system's /usr/bin/chromium (or $CHROMIUM).
# - already installed: do nothing;
# - root with apt-get: install Debian's `chromium` package;
# - otherwise: say how to install it and exit 0 (the browser tests then skip, except in CI).
set -eu

chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then
  exit 0
fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium
  exit 0
fi

echo "Chromium not found at $chromium: the browser tests will be skipped (they fail in CI)." >&2
echo "Install it with: sudo apt-get install chromium   (the Debian package)" >&2
echo "or point CHROMIUM at an installed Chromium: CHROMIUM=/path/to/chromium make test" >&2
exit 0
