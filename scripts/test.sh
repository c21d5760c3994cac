#!/usr/bin/env bash
# `npm test`: every test suite, on SQLite and on PostgreSQL, plus the end-to-end tests in Chromium.
# Installs Debian's chromium and postgresql with apt when they are missing, starts a throw-away
# PostgreSQL on a free loopback port, and stops it at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

log() { printf '\n== %s\n' "$*"; }

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -n "$(pg_bin)" ] || need+=(postgresql)
# OCR of image-only RFP PDFs (apps/server/src/features/rfp/rfp.ocr.ts); without it they are reported as needing OCR.
[ -x /usr/bin/tesseract ] || need+=(tesseract-ocr tesseract-ocr-eng tesseract-ocr-fra)
# pdftotext: the RFP tests check every citation against this independent extraction (test/independent-text.ts).
[ -x /usr/bin/pdftotext ] || need+=(poppler-utils)
if [ ${#need[@]} -gt 0 ]; then
  log "installing ${need[*]} with apt"
  sudo_cmd=()
  [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# A throw-away PostgreSQL cluster, owned by the postgres user (initdb refuses root).
pgdir=$(mktemp -d /tmp/breeze-pg.XXXXXX)
bin=$(pg_bin)
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
as_pg=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$pgdir"
  as_pg=(runuser -u postgres --)
fi
stop_pg() {
  "${as_pg[@]}" "$bin/pg_ctl" -D "$pgdir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$pgdir"
}
trap stop_pg EXIT
log "starting PostgreSQL ($("$bin/postgres" --version)) on 127.0.0.1:$port"
"${as_pg[@]}" "$bin/initdb" -D "$pgdir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
"${as_pg[@]}" "$bin/pg_ctl" -D "$pgdir/data" -l "$pgdir/log" \
  -o "-p $port -k $pgdir -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off" -w start >/dev/null
pg_url="postgres://postgres@127.0.0.1:$port/postgres"

status=0

results=$(mktemp -d /tmp/breeze-results.XXXXXX)
run() {
  local name=$1
  shift
  log "$name"
  if ! npx vitest run --reporter=default --reporter=json --outputFile.json="$results/$name.json" "$@"; then
    status=1
  fi
}

log "building the web app"
npm run build --silent

# Issue 4's budget: initial JS of /, /search and /tender-notice/:id at most 170 KB gzipped.
log "bundle budget (bench/bundle.ts)"
if ! npx tsx bench/bundle.ts; then
  echo "bundle budget exceeded: a route's initial JavaScript is over 170 KB gzipped" >&2
  status=1
fi

run sqlite --project shared --project web --project server
TEST_DATABASE_URL="$pg_url" run postgres --project server
run e2e --project e2e

# One closing line in the plain form CI reads: 'N passed, N failed'.
node -e '
const fs = require("fs"), path = require("path");
let passed = 0, failed = 0;
for (const f of fs.readdirSync(process.argv[1])) {
  const r = JSON.parse(fs.readFileSync(path.join(process.argv[1], f), "utf8"));
  passed += r.numPassedTests; failed += r.numFailedTests;
}
console.log(`\nTotal: ${passed} passed, ${failed} failed`);
' "$results"
rm -rf "$results"
exit $status
