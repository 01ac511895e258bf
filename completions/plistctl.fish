# fish completion for plistctl: commands, options, domain names, and the top-level keys of
# the domain being typed (asked of plistctl itself: `domains --lines`, `keys DOMAIN`).

set -l commands read read-type write rename delete remove domains find export import watch where keys convert lint print reset dump settings cloud help
set -l domain_commands read read-type write rename delete remove export import watch where keys reset dump
set -l settings_commands lint defaults attach detach describe show edit
set -l cloud_commands attach detach set get remove list sync watch mirror status merge-file

function __plistctl_positional
    # The words after the command, options left out.
    set -l words (commandline -opc)
    set -e words[1]
    while string match -q -- '-*' $words[1]; and contains -- $words[1] -currentHost -host
        test $words[1] = -host; and set -e words[1]
        set -e words[1]
    end
    set -e words[1]
    string match -v -- '--*' $words
end

function __plistctl_domains
    plistctl domains --lines 2>/dev/null
    printf '%s\n' -g NSGlobalDomain
end

function __plistctl_keys
    set -l args (__plistctl_positional)
    plistctl keys $args[1] 2>/dev/null
end

complete -c plistctl -f
complete -c plistctl -n "not __fish_seen_subcommand_from $commands" -a "$commands"
complete -c plistctl -n "not __fish_seen_subcommand_from $commands" -a "-currentHost -host --help --version"
complete -c plistctl -n "__fish_seen_subcommand_from $domain_commands; and test (count (__plistctl_positional)) -eq 0" -a "(__plistctl_domains)"
complete -c plistctl -n "__fish_seen_subcommand_from read read-type write rename delete remove watch where keys; and test (count (__plistctl_positional)) -eq 1" -a "(__plistctl_keys)"
complete -c plistctl -n "__fish_seen_subcommand_from read export" -l format -xa "defaults xml binary openstep json"
complete -c plistctl -n "__fish_seen_subcommand_from read export" -l json
complete -c plistctl -n "__fish_seen_subcommand_from read export" -l xml
complete -c plistctl -n "__fish_seen_subcommand_from read watch" -l effective -d "the values the app sees"
complete -c plistctl -n "__fish_seen_subcommand_from read" -l show-source -d "with --effective: each value's layer"
complete -c plistctl -n "__fish_seen_subcommand_from watch where" -l json
complete -c plistctl -n "__fish_seen_subcommand_from write" -l deep
complete -c plistctl -n "__fish_seen_subcommand_from write" -l force -d "write what the Settings schema refuses"
complete -c plistctl -n "__fish_seen_subcommand_from reset" -l all -d "every key of the Settings schema"
complete -c plistctl -n "__fish_seen_subcommand_from dump" -l non-default -d "only values that differ from the defaults"
complete -c plistctl -n "__fish_seen_subcommand_from dump defaults" -l format -xa "defaults xml binary openstep json"
complete -c plistctl -n "__fish_seen_subcommand_from dump defaults" -l json
complete -c plistctl -n "__fish_seen_subcommand_from dump defaults" -l xml
complete -c plistctl -n "__fish_seen_subcommand_from settings; and not __fish_seen_subcommand_from $settings_commands" -a "$settings_commands"
complete -c plistctl -n "__fish_seen_subcommand_from settings; and __fish_seen_subcommand_from attach detach describe show edit; and test (count (__plistctl_positional)) -eq 1" -a "(__plistctl_domains)"
complete -c plistctl -n "__fish_seen_subcommand_from settings; and __fish_seen_subcommand_from lint defaults attach" -F
complete -c plistctl -n "__fish_seen_subcommand_from settings; and __fish_seen_subcommand_from lint" -l json
complete -c plistctl -n "__fish_seen_subcommand_from settings; and __fish_seen_subcommand_from show edit" -l lang -x -d "the bundle's language"
complete -c plistctl -n "__fish_seen_subcommand_from settings; and __fish_seen_subcommand_from show" -l show-secrets -d "show secure fields"
complete -c plistctl -n "__fish_seen_subcommand_from import" -l replace
complete -c plistctl -n "__fish_seen_subcommand_from import rename" -l force -d "past the Settings schema"
complete -c plistctl -n "__fish_seen_subcommand_from domains" -l json
complete -c plistctl -n "__fish_seen_subcommand_from domains" -l lines
complete -c plistctl -n "__fish_seen_subcommand_from find" -l json
complete -c plistctl -n "__fish_seen_subcommand_from write; and test (count (__plistctl_positional)) -ge 2" -a "-string -data -int -integer -float -bool -boolean -date -json -array -array-add -dict -dict-add"
complete -c plistctl -n "__fish_seen_subcommand_from convert; and test (count (__plistctl_positional)) -eq 0" -a "xml binary openstep json xml1 binary1"
complete -c plistctl -n "__fish_seen_subcommand_from convert lint print import export" -F
complete -c plistctl -n "__fish_seen_subcommand_from convert" -s o -l output -r -d "write to a file (atomically)"
complete -c plistctl -n "__fish_seen_subcommand_from convert" -s i -l in-place -d "rewrite the file itself"
complete -c plistctl -n "__fish_seen_subcommand_from convert" -l compact -d "JSON on one line"
complete -c plistctl -n "__fish_seen_subcommand_from cloud; and not __fish_seen_subcommand_from $cloud_commands" -a "$cloud_commands"
complete -c plistctl -n "__fish_seen_subcommand_from cloud; and __fish_seen_subcommand_from detach set get remove list sync watch mirror status; and test (count (__plistctl_positional)) -eq 1" -a "(plistctl cloud list 2>/dev/null | string split -f1 \t)"
complete -c plistctl -n "__fish_seen_subcommand_from cloud; and __fish_seen_subcommand_from attach" -l git -x -d "a git remote"
complete -c plistctl -n "__fish_seen_subcommand_from cloud; and __fish_seen_subcommand_from attach" -l folder -xa "(__fish_complete_directories)" -d "a replicated folder"
complete -c plistctl -n "__fish_seen_subcommand_from cloud; and __fish_seen_subcommand_from detach" -l force -d "even with changes not sent"
complete -c plistctl -n "__fish_seen_subcommand_from cloud; and __fish_seen_subcommand_from get" -l format -xa "defaults xml binary openstep json"
complete -c plistctl -n "__fish_seen_subcommand_from cloud; and __fish_seen_subcommand_from get" -l xml
complete -c plistctl -n "__fish_seen_subcommand_from cloud; and __fish_seen_subcommand_from get sync status watch" -l json
complete -c plistctl -n "__fish_seen_subcommand_from cloud; and __fish_seen_subcommand_from watch" -l interval -x -d "seconds between syncs"
complete -c plistctl -n "__fish_seen_subcommand_from cloud; and __fish_seen_subcommand_from mirror" -l stop -d "stop mirroring the domain"
