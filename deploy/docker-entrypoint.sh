#!/bin/sh
# The image's entrypoint (Dockerfile): gives the server a session secret when none is set, then runs
# the command (`node … dist/server/index.js`) in its place, so node stays PID 1 and gets SIGTERM.
#
# SESSION_SECRET set (in .env or the environment): used as it is; nothing is written.
# Unset or empty: the secret in SESSION_SECRET_FILE (the image sets /var/lib/tech-touchdown/
# session-secret, a volume in docker-compose.yml) is used, and on the very first start a random one
# is written there. It outlives restarts, upgrades and `docker compose down`, so sessions stay valid;
# deleting the file (or the volume) makes a new one and signs everyone out. A read-only file, such
# as a Docker secret under /run/secrets, is only read.
set -eu

if [ -z "${SESSION_SECRET:-}" ] && [ -n "${SESSION_SECRET_FILE:-}" ]; then
  file=$SESSION_SECRET_FILE
  if [ ! -e "$file" ]; then
    # A name of its own (mktemp, mode 0600): instances starting together each write a whole file.
    if ! tmp=$(mktemp "$file.XXXXXX" 2>/dev/null) ||
      ! od -An -v -N32 -tx1 /dev/urandom | tr -d ' \n' >"$tmp"; then
      if [ -n "${tmp:-}" ]; then rm -f "$tmp"; fi
      echo "entrypoint: cannot write a session secret in $(dirname "$file"): make it writable for $(id -un) (uid $(id -u)), or set SESSION_SECRET" >&2
      exit 1
    fi
    # ln never replaces a file and is atomic: when several instances start at once on one volume,
    # the first secret wins and every instance reads that one. (mv, where hard links are refused.)
    ln "$tmp" "$file" 2>/dev/null || [ -e "$file" ] || mv "$tmp" "$file"
    rm -f "$tmp"
  fi
  if ! SESSION_SECRET=$(cat "$file") || [ -z "$SESSION_SECRET" ]; then
    echo "entrypoint: $file is empty or unreadable: delete it to have a new secret made, or set SESSION_SECRET" >&2
    exit 1
  fi
  export SESSION_SECRET
fi

exec "$@"
