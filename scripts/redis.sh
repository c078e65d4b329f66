#!/usr/bin/env bash
# Local Redis for development and tests: scripts/redis.sh start|stop|status
# Data, log and pid live under .tools/redis/ at the repo root; binds 127.0.0.1 only.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/lib/daemon.sh"
DIR="$ROOT/.tools/redis"
PORT="${REDIS_PORT:-6379}"
NAME=redis
PIDFILE="$DIR/redis.pid"
URL_LINE="REDIS_URL=redis://127.0.0.1:$PORT"

ping() { redis-cli -h 127.0.0.1 -p "$PORT" ping 2>/dev/null | grep -q PONG; }

launch() {
  command -v redis-server >/dev/null || { echo "redis-server not installed (apt-get install redis-server)" >&2; exit 1; }
  mkdir -p "$DIR"
  redis-server --bind 127.0.0.1 --port "$PORT" --dir "$DIR" --daemonize yes \
    --pidfile "$PIDFILE" --logfile "$DIR/redis.log" --appendonly no
}

daemon_main "${1:-}" 50 "$DIR/redis.log"
