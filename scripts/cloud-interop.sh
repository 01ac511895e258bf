#!/usr/bin/env bash
# make cloud-interop: the cloud store tried as users run it, over three real transports —
# a `git daemon`, git's smart HTTP (`git http-backend` behind scripts/cloud-interop/githttp.py)
# and two Syncthing instances on 127.0.0.1 (discovery, relays and NAT off) — with random
# set/remove/sync operations spread over several machines (separate HOME and XDG
# directories), some syncs run at once. scripts/cloud-interop/driver.py keeps a model of every
# acknowledged write and checks read-your-write after each, then that every machine agrees
# and holds the last acknowledged value of every key, with nothing pending (and, with
# Syncthing, no conflict copy and no error on a plistctl temporary file).
#
# usage: scripts/cloud-interop.sh [PLISTCTL]   (default: the release build)
# env: OPS_GIT=600 OPS_ST=300 SEED=N (each section prints its seed and its ops.log)
#      SECTIONS="git http syncthing" (also git-watch, syncthing-watch: `cloud watch` running
#      on every machine meanwhile); KEEP=0 removes the work directory.
# Exits 1 when any section fails. Not part of CI (it takes about four minutes and Syncthing).
set -u
cd "$(dirname "$0")/.."
here=$PWD/scripts/cloud-interop
if [ $# -ge 1 ]; then
  BIN=$(realpath "$1")
else
  swift build -c release --product plistctl >/dev/null || exit 1
  BIN=$(swift build -c release --show-bin-path)/plistctl
fi
[ -x "$BIN" ] || { echo "not executable: $BIN" >&2; exit 2; }

install_missing() { # command package
  command -v "$1" >/dev/null && return
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
  fi
  command -v "$1" >/dev/null || echo "cloud-interop: '$1' is missing (Debian package '$2')" >&2
}
install_missing syncthing syncthing
install_missing curl curl

OPS_GIT=${OPS_GIT:-600}; OPS_ST=${OPS_ST:-300}; SECTIONS=${SECTIONS:-"git http syncthing"}
SEEDARG=(); [ -n "${SEED:-}" ] && SEEDARG=(--seed "$SEED")
W=$(mktemp -d /tmp/plistctl-interop.XXXXXX)
echo "plistctl: $BIN ($(sha256sum "$BIN" | cut -c1-12)), work dir: $W"

PIDS=()
cleanup() {
  local p
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done
  # Each server is given 5 s to stop, then killed.
  for p in "${PIDS[@]}"; do
    for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$p" 2>/dev/null
  done
  wait 2>/dev/null
  [ "${KEEP:-1}" = 1 ] || rm -rf "$W"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

freeport() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }
# wait_until SECONDS CMD...: polls CMD until it succeeds, for at most SECONDS.
wait_until() { local end=$((SECONDS + $1)); shift
  until "$@" >/dev/null 2>&1; do [ $SECONDS -ge $end ] && return 1; sleep 0.1; done; }

RESULTS=()
section() { # NAME RC SECONDS
  RESULTS+=("$1: $([ "$2" = 0 ] && echo PASS || echo FAIL) (${3}s)")
  echo "== $1: $([ "$2" = 0 ] && echo PASS || echo FAIL) in ${3}s"
}
# ------------------------------------------------------------------ 1. git daemon
run_git() { # [LABEL [EXTRA DRIVER ARGS...]]
  local label=${1:-git-daemon}; shift $(( $# > 0 ? 1 : 0 ))
  local R=$W/$label t0=$SECONDS rc PORT
  mkdir -p "$R/srv"
  git init -q --bare --initial-branch=main "$R/srv/r.git"
  PORT=$(freeport)
  timeout 7200 git daemon --export-all --enable=receive-pack --base-path="$R/srv" --reuseaddr \
    --port="$PORT" --listen=127.0.0.1 >"$R/daemon.log" 2>&1 &
  PIDS+=($!)
  if ! wait_until 20 timeout 5 git ls-remote "git://127.0.0.1:$PORT/r.git"; then
    echo "git daemon did not come up"; cat "$R/daemon.log"; section "1 $label" 1 $((SECONDS - t0)); return
  fi
  echo "== 1 git daemon on git://127.0.0.1:$PORT/r.git"
  timeout 3000 python3 "$here/driver.py" --bin "$BIN" --root "$R" --label "$label" \
    --git-url "git://127.0.0.1:$PORT/r.git" --ops "$OPS_GIT" "${SEEDARG[@]}" "$@"
  rc=$?
  section "1 $label" $rc $((SECONDS - t0))
}

# ------------------------------------------------------------------ 2. smart HTTP
run_http() {
  local R=$W/git-http t0=$SECONDS rc PORT
  mkdir -p "$R/srv"
  git init -q --bare --initial-branch=main "$R/srv/r.git"
  git -C "$R/srv/r.git" config http.receivepack true
  PORT=$(freeport)
  timeout 7200 python3 "$here/githttp.py" "$PORT" "$R/srv" "$R/http.log" >"$R/server.out" 2>&1 &
  PIDS+=($!)
  if ! wait_until 20 timeout 5 git ls-remote "http://127.0.0.1:$PORT/r.git"; then
    echo "http server did not come up"; cat "$R/server.out"; section "2 smart HTTP" 1 $((SECONDS - t0)); return
  fi
  echo "== 2 smart HTTP on http://127.0.0.1:$PORT/r.git"
  timeout 3000 python3 "$here/driver.py" --bin "$BIN" --root "$R" --label smart-http \
    --git-url "http://127.0.0.1:$PORT/r.git" --ops "$OPS_GIT" "${SEEDARG[@]}"
  rc=$?
  section "2 smart HTTP" $rc $((SECONDS - t0))
}

# ------------------------------------------------------------------ 3. Syncthing
st_api() { # INSTANCE METHOD PATH [JSON]
  local gp=${STGP[$1]} key=${STKEY[$1]}
  if [ $# -ge 4 ]; then
    timeout 15 curl -sSf -X "$2" -H "X-API-Key: $key" -H 'Content-Type: application/json' \
      --data "$4" "http://127.0.0.1:$gp$3"
  else
    timeout 15 curl -sSf -X "$2" -H "X-API-Key: $key" "http://127.0.0.1:$gp$3"
  fi
}
st_connected() { st_api "$1" GET /rest/system/connections | python3 -c \
  'import json,sys; c=json.load(sys.stdin)["connections"]; sys.exit(0 if c.get(sys.argv[1],{}).get("connected") else 1)' "$2"; }
st_idle() { st_api "$1" GET "/rest/db/status?folder=plistctl" | python3 -c \
  'import json,sys; s=json.load(sys.stdin); sys.exit(0 if s["state"]=="idle" else 1)'; }
st_has_folder() { st_api "$1" GET /rest/config/folders | grep -q '"plistctl"'; }

declare -A STGP STLP STKEY STID
run_syncthing() { # [LABEL [EXTRA DRIVER ARGS...]]
  local label=${1:-syncthing}; shift $(( $# > 0 ? 1 : 0 ))
  local R=$W/$label t0=$SECONDS rc X Y H
  if ! command -v syncthing >/dev/null; then
    echo "syncthing missing (apt-get install -y syncthing)"; section "3 $label" 1 0; return
  fi
  mkdir -p "$R"
  for X in A B; do
    H=$R/st$X; STGP[$X]=$(freeport); STLP[$X]=$(freeport); STKEY[$X]=retry-key-$X-$RANDOM$RANDOM
    timeout 60 syncthing generate --home="$H" --no-default-folder >"$R/generate-$X.log" 2>&1
    python3 - "$H/config.xml" "${STGP[$X]}" "${STKEY[$X]}" "${STLP[$X]}" <<'PYCFG'
import sys, xml.etree.ElementTree as ET
path, gp, key, lp = sys.argv[1:]
t = ET.parse(path); r = t.getroot()
g = r.find('gui'); g.find('address').text = '127.0.0.1:' + gp; g.find('apikey').text = key
o = r.find('options')
for e in o.findall('listenAddress'): o.remove(e)
ET.SubElement(o, 'listenAddress').text = 'tcp://127.0.0.1:' + lp
for k, v in dict(globalAnnounceEnabled='false', localAnnounceEnabled='false', relaysEnabled='false',
                 natEnabled='false', urAccepted='-1', startBrowser='false', autoUpgradeIntervalH='0',
                 crashReportingEnabled='false', stunKeepaliveStartS='0').items():
    e = o.find(k)
    if e is None: e = ET.SubElement(o, k)
    e.text = v
t.write(path)
PYCFG
    STNOUPGRADE=1 STNORESTART=1 timeout 7200 syncthing serve --home="$H" --no-browser --no-restart \
      --no-upgrade --logfile="$R/syncthing-$X.log" >"$R/serve-$X.out" 2>&1 &
    PIDS+=($!)
  done
  for X in A B; do
    if ! wait_until 60 st_api $X GET /rest/system/ping; then
      echo "syncthing $X did not start"; tail "$R/serve-$X.out"; section "3 $label" 1 $((SECONDS - t0)); return
    fi
    STID[$X]=$(st_api $X GET /rest/system/status | python3 -c 'import json,sys;print(json.load(sys.stdin)["myID"])')
  done
  for X in A B; do
    Y=$([ $X = A ] && echo B || echo A)
    st_api $X POST /rest/config/devices "{\"deviceID\":\"${STID[$Y]}\",\"name\":\"$Y\",\"addresses\":[\"tcp://127.0.0.1:${STLP[$Y]}\"]}" >/dev/null
    mkdir -p "$R/share$X"
    st_api $X POST /rest/config/folders "{\"id\":\"plistctl\",\"label\":\"plistctl\",\"path\":\"$R/share$X\",\"type\":\"sendreceive\",\"rescanIntervalS\":5,\"fsWatcherEnabled\":true,\"fsWatcherDelayS\":1,\"devices\":[{\"deviceID\":\"${STID[A]}\"},{\"deviceID\":\"${STID[B]}\"}]}" >/dev/null
  done
  for X in A B; do
    Y=$([ $X = A ] && echo B || echo A)
    if ! wait_until 90 st_connected $X "${STID[$Y]}" || ! wait_until 60 st_idle $X; then
      echo "syncthing $X not connected/idle"; tail -20 "$R/syncthing-$X.log"; section "3 $label" 1 $((SECONDS - t0)); return
    fi
  done
  echo "== 3 Syncthing A=${STID[A]:0:7} (gui ${STGP[A]}, listen ${STLP[A]}) B=${STID[B]:0:7} (gui ${STGP[B]}, listen ${STLP[B]}), connected after $((SECONDS - t0))s"
  timeout 3000 python3 "$here/driver.py" --bin "$BIN" --root "$R" --label "$label" --machines A,B \
    --folder "A=$R/shareA/prefs" --folder "B=$R/shareB/prefs" \
    --st "A=${STGP[A]}:${STKEY[A]}:plistctl" --st "B=${STGP[B]}:${STKEY[B]}:plistctl" \
    --ops "$OPS_ST" "${SEEDARG[@]}" "$@"
  rc=$?
  section "3 $label" $rc $((SECONDS - t0))
}

T0=$SECONDS
for s in $SECTIONS; do
  case $s in git) run_git ;; http) run_http ;; syncthing) run_syncthing ;;
    git-watch) run_git git-daemon-watch --watch ;; syncthing-watch) run_syncthing syncthing-watch --watch ;; *) echo "unknown section $s" ;; esac
done
echo "== summary ($((SECONDS - T0))s, work dir $W)"
printf '   %s\n' "${RESULTS[@]}"
printf '%s\n' "${RESULTS[@]}" | grep -q FAIL && exit 1
exit 0
