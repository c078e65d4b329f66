#!/usr/bin/env bash
# Local ClickHouse (Debian's 18.16) for development and tests: scripts/clickhouse.sh start|stop|status
# Config, data, log and pid live under .tools/clickhouse/ at the repo root; binds 127.0.0.1 only.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/lib/daemon.sh"
DIR="$ROOT/.tools/clickhouse"
HTTP_PORT="${CLICKHOUSE_HTTP_PORT:-8123}"
# Non-default native port so it never clashes with another ClickHouse (9000) or Kafka (9092).
TCP_PORT="${CLICKHOUSE_TCP_PORT:-9900}"
PIDFILE="$DIR/clickhouse.pid"
URL="http://127.0.0.1:$HTTP_PORT"
NAME=clickhouse
URL_LINE="CLICKHOUSE_URL=$URL"

ping() { [[ "$(curl -fsS --max-time 2 "$URL/ping" 2>/dev/null)" == "Ok." ]]; }

write_config() {
  mkdir -p "$DIR/data" "$DIR/tmp" "$DIR/user_files" "$DIR/format_schemas" "$DIR/log"
  # No interserver_http_port / https / mysql entries: 18.16 opens only the ports that are configured.
  cat > "$DIR/config.xml" <<XML
<?xml version="1.0"?>
<yandex>
  <logger>
    <level>warning</level>
    <log>$DIR/log/clickhouse-server.log</log>
    <errorlog>$DIR/log/clickhouse-server.err.log</errorlog>
    <size>100M</size>
    <count>3</count>
  </logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>$HTTP_PORT</http_port>
  <tcp_port>$TCP_PORT</tcp_port>
  <max_connections>1024</max_connections>
  <keep_alive_timeout>3</keep_alive_timeout>
  <max_concurrent_queries>100</max_concurrent_queries>
  <uncompressed_cache_size>1073741824</uncompressed_cache_size>
  <mark_cache_size>536870912</mark_cache_size>
  <path>$DIR/data/</path>
  <tmp_path>$DIR/tmp/</tmp_path>
  <user_files_path>$DIR/user_files/</user_files_path>
  <format_schema_path>$DIR/format_schemas/</format_schema_path>
  <users_config>$DIR/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mlock_executable>false</mlock_executable>
  <max_session_timeout>3600</max_session_timeout>
  <default_session_timeout>60</default_session_timeout>
</yandex>
XML
  cat > "$DIR/users.xml" <<XML
<?xml version="1.0"?>
<yandex>
  <profiles>
    <default>
      <max_memory_usage>4000000000</max_memory_usage>
      <use_uncompressed_cache>0</use_uncompressed_cache>
      <load_balancing>random</load_balancing>
    </default>
  </profiles>
  <users>
    <default>
      <password></password>
      <networks><ip>127.0.0.1</ip><ip>::1</ip></networks>
      <profile>default</profile>
      <quota>default</quota>
    </default>
  </users>
  <quotas>
    <default>
      <interval>
        <duration>3600</duration>
        <queries>0</queries>
        <errors>0</errors>
        <result_rows>0</result_rows>
        <read_rows>0</read_rows>
        <execution_time>0</execution_time>
      </interval>
    </default>
  </quotas>
</yandex>
XML
}

launch() {
  command -v clickhouse-server >/dev/null || { echo "clickhouse-server not installed (apt-get install clickhouse-server)" >&2; exit 1; }
  write_config
  # 18.16 runs fine as root here, so no `clickhouse` user / chown is needed.
  clickhouse-server --daemon --config-file="$DIR/config.xml" --pid-file="$PIDFILE" 2>>"$DIR/stderr.log"
}

daemon_main "${1:-}" 100 "$DIR/log/ and $DIR/stderr.log"
