# bash completion for plistctl. The candidates come from plistctl itself (`plistctl
# __complete bash WORD LINE`), which knows every command, option and argument from the
# commands' specs: domains, keys (quoted; `:a:b` key paths too), Settings keys, formats and
# file names, for the host chosen by -currentHost or -host. The links named plutil and
# PlistBuddy (`make install-links`) are completed as `plistctl plutil` and `plistctl buddy`.

# Completes the word being typed, given the line up to the cursor as plistctl would see it.
_plistctl_line() {
  local cur=${COMP_WORDS[COMP_CWORD]} lines=() IFS=$'\n'
  mapfile -t lines < <(command plistctl __complete bash "$cur" "$1" 2>/dev/null)
  COMPREPLY=("${lines[@]:1}")
  if [[ ${lines[0]} == files$'\t'* ]]; then
    # File names, quoted by bash itself.
    compopt -o filenames 2>/dev/null
    mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen -f -- "${lines[0]#files$'\t'}")
  fi
  return 0
}

_plistctl() {
  _plistctl_line "${COMP_LINE:0:COMP_POINT}"
}

# plutil and PlistBuddy: the line with the link's name replaced by plistctl's mode.
_plistctl_mode() {
  local mode=plutil line=${COMP_LINE:0:COMP_POINT}
  [[ ${COMP_WORDS[0]##*/} == PlistBuddy ]] && mode=buddy
  _plistctl_line "plistctl $mode${line#"${COMP_WORDS[0]}"}"
}

complete -F _plistctl plistctl
complete -F _plistctl_mode plutil PlistBuddy
