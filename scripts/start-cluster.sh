#!/usr/bin/env bash
# `npm run start:cluster`: the scale-out recipe on one machine, for trying it (docs/operations.md, "Two processes behind
# nginx"): two app processes on one Postgres (DATABASE_URL, default the local server's `stockroom` database) on
# ports 3001 and 3002, behind Debian's nginx on PORT (default 3000) with STOCKROOM_TRUSTED_PROXIES=127.0.0.1.
# Builds first when needed (as `npm start` does). Ctrl-C (or SIGTERM) stops all three, the app processes gracefully.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v nginx >/dev/null || { echo "nginx is missing: apt-get install -y nginx" >&2; exit 1; }
export DATABASE_URL="${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/stockroom}"
export STOCKROOM_TRUSTED_PROXIES="${STOCKROOM_TRUSTED_PROXIES:-127.0.0.1}"
PORT="${PORT:-3000}"
export STOCKROOM_URL="${STOCKROOM_URL:-http://localhost:${PORT}}"
dir="${STOCKROOM_DATA_DIR:-.data}/cluster"
mkdir -p "$dir/body"
dir="$(cd "$dir" && pwd)" # absolute: nginx resolves relative paths against its prefix
pids=()
stop() { kill -TERM "${pids[@]}" 2>/dev/null || true; wait || true; }
trap stop INT TERM EXIT
# The first start builds when needed; the second waits for it, then both run (migrations: once, under a lock).
PORT=3001 node scripts/start.mjs & pids+=($!)
until curl -fsS -o /dev/null http://127.0.0.1:3001/healthz 2>/dev/null; do sleep 1; kill -0 "${pids[0]}" || exit 1; done
PORT=3002 node scripts/serve.mjs & pids+=($!)
cat > "$dir/nginx.conf" <<CONF
worker_processes 1; daemon off; pid $dir/nginx.pid; error_log stderr;
events {}
http {
  access_log off;
  client_body_temp_path $dir/body; proxy_temp_path $dir/body; fastcgi_temp_path $dir/body;
  uwsgi_temp_path $dir/body; scgi_temp_path $dir/body;
  upstream stockroom { server 127.0.0.1:3001; server 127.0.0.1:3002; keepalive 16; }
  server {
    listen ${PORT};
    location / {
      proxy_pass http://stockroom;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$http_host;
      proxy_set_header X-Forwarded-For \$remote_addr;
      proxy_set_header X-Request-Id \$request_id;
      proxy_next_upstream error timeout http_503;
    }
  }
}
CONF
nginx -c "$dir/nginx.conf" -p "$dir" & pids+=($!)
echo "Stockroom cluster on http://localhost:${PORT} (processes on 3001 and 3002, database ${DATABASE_URL%%\?*})"
wait -n
