#!/bin/sh
# The clock for scheduled work (docs/operations.md#the-clock), as the Compose `worker` runs it:
# `notify` every WORKER_INTERVAL_SECONDS (300), so daily and weekly search agents are mailed on
# time without an import (each e-mail goes once, one run at a time); and once a day, at the first
# round after NIGHTLY_AFTER (HHMM, the machine's time, 0300), `maintenance` and a `backup` to
# BACKUP_DIR/pistepris-YYYY-MM-DD.db (/backups), deleting backups older than BACKUP_KEEP_DAYS (14).
# A failed round is printed by the command and tried again at the next.
set -u
interval="${WORKER_INTERVAL_SECONDS:-300}"
backups="${BACKUP_DIR:-/backups}"
keep="${BACKUP_KEEP_DAYS:-14}"
after="${NIGHTLY_AFTER:-0300}"
cd "$(dirname "$0")/.."

indexer() {
  node --import tsx cli/main.ts "$@"
}

# A stop (docker compose stop, Ctrl-C) ends the wait at once; a command under way is let finish by
# Compose's grace period, as its own signal handlers do.
trap 'kill "$waiting" 2>/dev/null; exit 0' TERM INT
waiting=""
while true; do
  indexer notify
  nightly="$backups/pistepris-$(date +%F).db"
  if [ "$(date +%H%M)" -ge "$after" ] && [ ! -f "$nightly" ]; then
    indexer maintenance && indexer backup "$nightly" && find "$backups" -name 'pistepris-*.db' -mtime +"$keep" -delete
  fi
  sleep "$interval" &
  waiting=$!
  wait "$waiting"
done
