# Shared by the engine scripts: a server started in the background with a pid file.
# The caller sets NAME, PIDFILE, URL_LINE (printed when ready) and defines ping() and launch().

running() { [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; }

# Starts the server unless ours already runs, then waits up to TRIES x 0.2 s for ping().
daemon_start() {
  local tries="$1" logs="$2"
  if ! running; then
    if ping; then echo "$NAME: the port already answers, but not our server (pid file $PIDFILE)" >&2; exit 1; fi
    launch
  fi
  for _ in $(seq 1 "$tries"); do
    if ping; then echo "$URL_LINE"; return 0; fi
    sleep 0.2
  done
  echo "$NAME did not answer; see $logs" >&2
  exit 1
}

daemon_stop() {
  if running; then
    local pid; pid="$(cat "$PIDFILE")"
    kill "$pid"
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  fi
  rm -f "$PIDFILE"
  echo "$NAME stopped"
}

# start|stop|status dispatch; the start arguments are daemon_start's.
daemon_main() {
  local command="$1" tries="$2" logs="$3"
  case "$command" in
    start) daemon_start "$tries" "$logs" ;;
    stop) daemon_stop ;;
    status) if running && ping; then echo "$URL_LINE"; else echo "$NAME not running"; exit 1; fi ;;
    *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
  esac
}
