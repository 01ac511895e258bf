# Sourced by fuzz/run.sh and fuzz/differential.sh: how a libFuzzer run ended.
# report TARGET RC LOG: says so, and fails unless the run went its whole length cleanly.
report() {
  case $2 in
    0) return 0 ;;
    # libFuzzer's exit on SIGINT or SIGTERM: the run is short of its length, but found nothing.
    72) echo "!! $1: stopped before its length (interrupted), no finding; see $3" ;;
    *)
      echo "!! $1: finding, see $3 and fuzz/artifacts/"
      # The differential target names what differs on lines of its own.
      grep '^finding' "$3" || true
      ;;
  esac
  return 1
}
