#!/usr/bin/env bash
# Local Redis for development and tests: scripts/redis.sh start|stop|status
# Data, log and pid live under .tools/redis/ at the repo root; binds 127.0.0.1 only.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="$ROOT/.tools/redis"
PORT="${REDIS_PORT:-6379}"
PIDFILE="$DIR/redis.pid"
URL="redis://127.0.0.1:$PORT"

ping() { redis-cli -h 127.0.0.1 -p "$PORT" ping 2>/dev/null | grep -q PONG; }
running() { [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; }

start() {
  command -v redis-server >/dev/null || { echo "redis-server not installed (apt-get install redis-server)" >&2; exit 1; }
  mkdir -p "$DIR"
  if ! running; then
    if ping; then echo "port $PORT already answers PING but not our server (pid file $PIDFILE)" >&2; exit 1; fi
    redis-server --bind 127.0.0.1 --port "$PORT" --dir "$DIR" --daemonize yes \
      --pidfile "$PIDFILE" --logfile "$DIR/redis.log" --appendonly no
  fi
  for _ in $(seq 1 50); do
    if ping; then echo "REDIS_URL=$URL"; return 0; fi
    sleep 0.2
  done
  echo "redis did not answer on $URL; see $DIR/redis.log" >&2
  exit 1
}

stop() {
  if running; then
    local pid; pid="$(cat "$PIDFILE")"
    kill "$pid"
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  fi
  rm -f "$PIDFILE"
  echo "redis stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) if running && ping; then echo "REDIS_URL=$URL"; else echo "redis not running"; exit 1; fi ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
