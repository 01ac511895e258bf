# bash completion for plistctl: commands, options, domain names, and the top-level keys of
# the domain being typed (asked of plistctl itself: `domains --lines`, `keys DOMAIN`).

_plistctl_words() { # candidates (one per line) matching the current word
  local IFS=$'\n'
  COMPREPLY=($(compgen -W "$1" -- "$2"))
}

_plistctl() {
  local cur=${COMP_WORDS[COMP_CWORD]}
  local commands=$'read\nread-type\nwrite\nrename\ndelete\nremove\ndomains\nfind\nexport\nimport\nwatch\nwhere\nkeys\nconvert\nlint\nprint\nreset\ndump\nsettings\ncloud\nhelp'
  local first=1 host=()
  case ${COMP_WORDS[1]} in
    -currentHost) first=2 host=(-currentHost) ;;
    -host) first=3 host=(-host "${COMP_WORDS[2]}") ;;
  esac
  if ((COMP_CWORD == 2)) && [[ ${COMP_WORDS[1]} == -host ]]; then
    return 0 # a host name: nothing to offer
  fi
  if ((COMP_CWORD == first)); then
    _plistctl_words "$commands"$'\n'"-currentHost"$'\n'"-host"$'\n'"--help"$'\n'"--version" "$cur"
    return 0
  fi
  local verb=${COMP_WORDS[first]}
  # `settings SUBCOMMAND`: the pair is the verb.
  if [[ $verb == settings ]]; then
    if ((COMP_CWORD == first + 1)); then
      _plistctl_words $'lint\ndefaults\nattach\ndetach\ndescribe\nshow\nedit' "$cur"
      return 0
    fi
    verb=settings-${COMP_WORDS[first + 1]}
    ((first++))
  fi
  # `cloud SUBCOMMAND` likewise.
  if [[ $verb == cloud ]]; then
    if ((COMP_CWORD == first + 1)); then
      _plistctl_words $'attach\ndetach\nset\nget\nremove\nlist\nsync\nwatch\nmirror\nstatus\nmerge-file' "$cur"
      return 0
    fi
    verb=cloud-${COMP_WORDS[first + 1]}
    ((first++))
  fi
  # The positional arguments typed so far, options left out.
  local args=() i
  for ((i = first + 1; i < COMP_CWORD; i++)); do
    case ${COMP_WORDS[i]} in
      --format | --lang | --git | --folder | --interval) ((i++)) ;;
      --*) ;;
      *) args+=("${COMP_WORDS[i]}") ;;
    esac
  done
  if [[ ${COMP_WORDS[COMP_CWORD - 1]} == --format ]]; then
    _plistctl_words $'defaults\nxml\nbinary\nopenstep\njson' "$cur"
    return 0
  fi
  if [[ $cur == --* ]]; then
    local options=""
    case $verb in
      read) options=$'--format\n--json\n--xml\n--effective\n--show-source' ;;
      export) options=$'--format\n--json\n--xml' ;;
      watch) options=$'--effective\n--json' ;;
      where) options="--json" ;;
      write) options=$'--deep\n--force' ;;
      reset) options="--all" ;;
      dump | settings-defaults) options=$'--format\n--json\n--xml\n--non-default' ;;
      settings-lint) options="--json" ;;
      settings-show) options=$'--lang\n--show-secrets' ;;
      settings-edit) options="--lang" ;;
      import) options=$'--replace\n--force' ;;
      rename) options="--force" ;;
      domains) options=$'--json\n--lines' ;;
      find) options="--json" ;;
      convert) options=$'--in-place\n--compact\n--output\n-o\n-i' ;;
      cloud-attach) options=$'--git\n--folder' ;;
      cloud-detach) options="--force" ;;
      cloud-get) options=$'--format\n--json\n--xml' ;;
      cloud-sync | cloud-status) options="--json" ;;
      cloud-watch) options=$'--json\n--interval' ;;
      cloud-mirror) options="--stop" ;;
    esac
    _plistctl_words "$options" "$cur"
    return 0
  fi
  local domains keys
  case $verb in
    read | read-type | write | rename | delete | remove | export | import | watch | where | keys | \
      reset | dump | settings-attach | settings-detach | settings-describe | settings-show | \
      settings-edit)
      if ((${#args[@]} == 0)); then
        domains=$(plistctl "${host[@]}" domains --lines 2>/dev/null)
        _plistctl_words "$domains"$'\n-g\nNSGlobalDomain' "$cur"
      elif ((${#args[@]} == 1)) && [[ $verb == settings-attach ]]; then
        COMPREPLY=($(compgen -f -- "$cur"))
      elif ((${#args[@]} == 1)) && [[ $verb != import && $verb != export && $verb != dump &&
        $verb != settings-* || $verb == settings-describe ]]; then
        keys=$(plistctl "${host[@]}" keys "${args[0]}" 2>/dev/null)
        _plistctl_words "$keys" "$cur"
      elif ((${#args[@]} >= 2)) && [[ $verb == write && $cur == -* ]]; then
        _plistctl_words $'-string\n-data\n-int\n-integer\n-float\n-bool\n-boolean\n-date\n-json\n-array\n-array-add\n-dict\n-dict-add' "$cur"
      elif [[ $verb == import || $verb == export ]]; then
        COMPREPLY=($(compgen -f -- "$cur"))
      fi
      ;;
    convert)
      if ((${#args[@]} == 0)); then
        _plistctl_words $'xml\nbinary\nopenstep\njson\nxml1\nbinary1' "$cur"
      else
        COMPREPLY=($(compgen -f -- "$cur"))
      fi
      ;;
    lint | print | settings-lint | settings-defaults) COMPREPLY=($(compgen -f -- "$cur")) ;;
    cloud-*)
      if [[ ${COMP_WORDS[COMP_CWORD - 1]} == --folder ]]; then
        COMPREPLY=($(compgen -d -- "$cur"))
      elif ((${#args[@]} == 0)) && [[ $verb != cloud-attach && $verb != cloud-merge-file ]]; then
        _plistctl_words "$(plistctl cloud list 2>/dev/null | cut -f1)" "$cur"
      elif ((${#args[@]} == 1)) && [[ $verb == cloud-get || $verb == cloud-remove ]]; then
        _plistctl_words "$(plistctl cloud list "${args[0]}" 2>/dev/null)" "$cur"
      elif ((${#args[@]} == 1)) && [[ $verb == cloud-mirror ]]; then
        _plistctl_words "$(plistctl domains --lines 2>/dev/null)" "$cur"
      elif ((${#args[@]} >= 2)) && [[ $verb == cloud-mirror ]]; then
        _plistctl_words "$(plistctl keys "${args[1]}" 2>/dev/null)" "$cur"
      fi
      ;;
    help) ((${#args[@]} == 0)) && _plistctl_words "$commands" "$cur" ;;
  esac
  return 0
}

complete -F _plistctl plistctl
