# bash completion for plistctl. The candidates come from plistctl itself (`plistctl
# __complete bash WORD LINE`), which knows every command, option and argument from the
# commands' specs: domains, keys (quoted; `:a:b` key paths too), Settings keys, formats and
# file names, for the host chosen by -currentHost or -host.

_plistctl() {
  local cur=${COMP_WORDS[COMP_CWORD]} lines=() IFS=$'\n'
  mapfile -t lines < <(command plistctl __complete bash "$cur" "${COMP_LINE:0:COMP_POINT}" \
    2>/dev/null)
  COMPREPLY=("${lines[@]:1}")
  if [[ ${lines[0]} == files$'\t'* ]]; then
    # File names, quoted by bash itself.
    compopt -o filenames 2>/dev/null
    mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen -f -- "${lines[0]#files$'\t'}")
  fi
  return 0
}

complete -F _plistctl plistctl
