#!/usr/bin/env bash
# Single-node Kafka (KRaft, broker+controller) for development and tests, built from Maven Central jars.
#   scripts/kafka.sh fetch   collect the jars into .tools/kafka/libs (idempotent)
#   scripts/kafka.sh start   fetch if needed, format storage once, start in the background, wait until ready
#   scripts/kafka.sh stop
# Env: KAFKA_PORT (default 9092), KAFKA_CONTROLLER_PORT (default KAFKA_PORT+1), KAFKA_HEAP (default 512m).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HOME_DIR="$ROOT/.tools/kafka"
LIBS="$HOME_DIR/libs"
DATA="$HOME_DIR/data"
PID_FILE="$HOME_DIR/kafka.pid"
LOG="$HOME_DIR/kafka.log"
POM="$ROOT/infra/kafka/pom.xml"
PORT="${KAFKA_PORT:-9092}"
CPORT="${KAFKA_CONTROLLER_PORT:-$((PORT + 1))}"
HEAP="${KAFKA_HEAP:-512m}"
TIMEOUT_S=60

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
running_pid() {
  [[ -f "$PID_FILE" ]] || return 1
  local pid; pid="$(cat "$PID_FILE")"
  # The args check guards against a stale pid file whose pid now belongs to another process.
  ps -p "$pid" -o args= 2>/dev/null | grep -q 'kafka\.Kafka' && echo "$pid"
}

fetch() {
  # The stamp records which pom the jars came from, so editing the pom triggers a re-fetch.
  local stamp="$LIBS/.pom.sha256" want; want="$(sha256sum "$POM" | cut -d' ' -f1)"
  if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; then return 0; fi
  echo "fetching Kafka jars from Maven Central into $LIBS" >&2
  rm -rf "$LIBS.tmp" && mkdir -p "$LIBS.tmp"
  mvn -q -B -Dstyle.color=never -f "$POM" dependency:copy-dependencies -DoutputDirectory="$LIBS.tmp" >&2
  rm -rf "$LIBS" && mv "$LIBS.tmp" "$LIBS" && echo "$want" >"$stamp"
}

write_config() {
  cat >"$HOME_DIR/server.properties" <<EOF
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$CPORT
listeners=PLAINTEXT://127.0.0.1:$PORT,CONTROLLER://127.0.0.1:$CPORT
advertised.listeners=PLAINTEXT://127.0.0.1:$PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$DATA
num.partitions=3
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=10
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=true
delete.topic.enable=true
EOF
  cat >"$HOME_DIR/log4j.properties" <<'EOF'
log4j.rootLogger=INFO, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.request.logger=WARN
log4j.logger.state.change.logger=WARN
log4j.logger.org.apache.kafka.storage.internals.log=WARN
log4j.logger.kafka.log=WARN
EOF
}

JAVA=(java -Xms128m -Xmx"$HEAP" -XX:+UseG1GC -Djava.awt.headless=true
  -Dlog4j.configuration="file:$HOME_DIR/log4j.properties" -cp "$LIBS/*")

start() {
  if pid="$(running_pid)"; then
    echo "Kafka already running (pid $pid)" >&2
    echo "KAFKA_BROKERS=127.0.0.1:$PORT"
    return 0
  fi
  if port_open "$PORT"; then echo "port $PORT is already in use by another process" >&2; exit 1; fi
  fetch
  mkdir -p "$HOME_DIR"
  write_config
  if [[ ! -f "$DATA/meta.properties" ]]; then
    # URL-safe base64 may start with '-', which the tool's argument parser takes for an option
    # (Kafka's own Uuid.randomUuid redraws for the same reason).
    local cluster_id="-"
    while [[ "$cluster_id" == -* ]]; do
      cluster_id="$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=')"
    done
    "${JAVA[@]}" kafka.tools.StorageTool format -t "$cluster_id" -c "$HOME_DIR/server.properties" >"$HOME_DIR/format.log" 2>&1 \
      || { cat "$HOME_DIR/format.log" >&2; exit 1; }
  fi
  : >"$LOG"
  rm -f "$PID_FILE"
  # Own session so it outlives the calling shell; the pid file holds java's pid (exec).
  nohup setsid bash -c 'echo $$ >"$0"; exec "${@}"' "$PID_FILE" "${JAVA[@]}" kafka.Kafka "$HOME_DIR/server.properties" \
    >>"$LOG" 2>&1 </dev/null &
  for _ in $(seq 1 50); do [[ -s "$PID_FILE" ]] && break; sleep 0.1; done
  local deadline=$((SECONDS + TIMEOUT_S))
  until port_open "$PORT" && grep -q 'Kafka Server started' "$LOG"; do
    if ! running_pid >/dev/null; then
      echo "Kafka exited during startup; last lines of $LOG:" >&2; tail -n 30 "$LOG" >&2; exit 1
    fi
    if ((SECONDS >= deadline)); then
      echo "Kafka not ready on 127.0.0.1:$PORT after ${TIMEOUT_S}s; see $LOG" >&2; exit 1
    fi
    sleep 0.3
  done
  echo "Kafka started (pid $(cat "$PID_FILE"), log $LOG)" >&2
  echo "KAFKA_BROKERS=127.0.0.1:$PORT"
}

stop() {
  local pid
  if ! pid="$(running_pid)"; then echo "Kafka not running" >&2; rm -f "$PID_FILE"; return 0; fi
  kill "$pid"
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.3; done
  if kill -0 "$pid" 2>/dev/null; then echo "Kafka did not stop in 30s; killing" >&2; kill -9 "$pid"; fi
  rm -f "$PID_FILE"
  echo "Kafka stopped" >&2
}

case "${1:-}" in
  fetch) fetch ;;
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 fetch|start|stop" >&2; exit 2 ;;
esac
