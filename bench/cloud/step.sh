#!/usr/bin/env bash
# The machines, stores and untimed steps of bench/run.sh cloud (hyperfine runs the steps as
# --prepare commands, so each is one quick call). Needs PLISTCTL and CLOUD_SANDBOX.
#
# Two machines, each a set of XDG directories: A writes, B is the replica being timed. The
# sandbox holds, besides them:
#   folder/, store.git     the full store "fs" (folder) and "gs" (git), A and B attached.
#   folder-init/,          A's full file alone, for B's first sync: B attaches "fi" and "gi"
#   init.git                 to them; each run starts again from that state (init.git is
#                            copied back from init.git.pristine).
#   empty/                 A's store "empty": the one key Key.
#   peer-pull, peer-push   plain git clones: of store.git, and of a copy of it to push to.
#
#   step.sh setup             create all that; A fills fs and gs (1,023 × `cloud set`)
#   step.sh on MACHINE CMD…   run CMD as machine a or b
#   step.sh replica MACHINE   its replica id
#   step.sh b-forget-fi       B detaches "fi"; its file leaves folder-init
#   step.sh b-forget-gi       B detaches "gi"; init.git back to A's file alone
#   step.sh a-change-folder   A sets Key to a new number in "fs"
#   step.sh a-change-git      A sets Key to a new number in "gs" and syncs (commit, push)
#   step.sh peer-clone-reset  remove the clone `git clone` makes
#   step.sh peer-push-change  change one line of the file in peer-push, commit it
set -euo pipefail
: "${PLISTCTL:?}" "${CLOUD_SANDBOX:?}"
S=$CLOUD_SANDBOX

on() { # machine command…
  local m=$S/$1
  shift
  HOME=$m/home XDG_CONFIG_HOME=$m/config XDG_STATE_HOME=$m/state XDG_DATA_HOME=$m/data "$@"
}

# A new number for Key each time, so that every change is a change of value.
next() {
  local n=$(($(cat "$S/counter" 2>/dev/null || echo 1) + 1))
  echo $n >"$S/counter"
  echo $n
}

setup() {
  for m in a b; do
    mkdir -p "$S/$m/home" "$S/$m/config" "$S/$m/state" "$S/$m/data"
    # A git identity, as a user's machine has: the store's git commits carry their own,
    # but `git rebase` (when another replica pushed first) needs the user's.
    printf '[user]\n\tname = Bench %s\n\temail = %s@bench.invalid\n' $m $m >"$S/$m/home/.gitconfig"
  done
  python3 bench/cloud/generate.py "$S"
  git init -q --bare -b main "$S/store.git"
  on a "$PLISTCTL" cloud attach empty --folder "$S/empty"
  on a "$PLISTCTL" cloud attach fs --folder "$S/folder"
  on a "$PLISTCTL" cloud attach gs --git "file://$S/store.git"
  on a "$PLISTCTL" cloud set empty Key -int 1
  on a "$PLISTCTL" cloud set fs Key -int 1
  on a "$PLISTCTL" cloud set gs Key -int 1
  local key value
  while read -r key value; do
    on a "$PLISTCTL" cloud set fs "$key" "$value"
    on a "$PLISTCTL" cloud set gs "$key" "$value"
  done <"$S/values.txt"
  on a "$PLISTCTL" cloud sync gs
  local status
  status=$(on a "$PLISTCTL" cloud status fs)
  [[ $status == *"quota:     1024/1024 keys"* ]] ||
    { echo "bench: A's store is not full: $status" >&2; exit 1; }
  # B's first sync starts from A's file alone.
  cp -a "$S/folder" "$S/folder-init"
  cp -a "$S/store.git" "$S/init.git.pristine"
  cp -a "$S/store.git" "$S/init.git"
  # B joins the full stores (its first syncs, untimed here).
  on b "$PLISTCTL" cloud attach fs --folder "$S/folder" >/dev/null
  on b "$PLISTCTL" cloud attach gs --git "file://$S/store.git" >/dev/null
  on b "$PLISTCTL" cloud attach fi --folder "$S/folder-init" >/dev/null
  on b "$PLISTCTL" cloud attach gi --git "file://$S/init.git" >/dev/null
  # Peers: a plain clone of the store's repository, and a clone of a copy of it to push to.
  on b git clone -q "file://$S/store.git" "$S/peer-pull"
  on b git clone -q --bare "file://$S/store.git" "$S/peer-push.git"
  on b git clone -q "file://$S/peer-push.git" "$S/peer-push"
  # Defaults domains and git config files of the same sizes: one key, and the full store.
  on a "$PLISTCTL" write com.example.empty Key -int 1
  on a "$PLISTCTL" import com.example.full "$S/full.plist"
  git config --file "$S/empty.gitconfig" bench.key 1
}

# A machine's replica id, as plistctl reports it (the CLI keeps it under $HOME/.local/state:
# it does not read XDG_STATE_HOME).
replica() { on "$1" "$PLISTCTL" cloud status fs | sed -n 's/^replica: *\([0-9a-f]*\) .*/\1/p'; }

case "$1" in
  setup) setup ;;
  on) shift && on "$@" ;;
  replica) replica "$2" ;;
  b-forget-fi)
    on b "$PLISTCTL" cloud detach --force fi
    rm -f "$S/folder-init/replicas/$(replica b).plist"
    ;;
  b-forget-gi)
    on b "$PLISTCTL" cloud detach --force gi
    rm -rf "$S/init.git" && cp -a "$S/init.git.pristine" "$S/init.git"
    ;;
  a-change-folder) on a "$PLISTCTL" cloud set fs Key -int "$(next)" ;;
  a-change-git)
    on a "$PLISTCTL" cloud set gs Key -int "$(next)"
    on a "$PLISTCTL" cloud sync gs >/dev/null
    ;;
  peer-clone-reset) rm -rf "$S/peer-clone" ;;
  peer-push-change)
    file=$S/peer-push/replicas/$(replica a).plist
    sed -i "0,/<integer>[0-9]*<\/integer>/s//<integer>$(next)<\/integer>/" "$file"
    on b git -C "$S/peer-push" commit -q -a -m change
    ;;
  *) echo "usage: bench/cloud/step.sh setup|on|replica|b-forget-fi|…" >&2 && exit 64 ;;
esac
