# fish completion for plistctl. The candidates come from plistctl itself (`plistctl
# __complete words WORD...`), which knows every command, option and argument from the
# commands' specs: domains, keys (`:a:b` key paths too), Settings keys, formats and file
# names, for the host chosen by -currentHost or -host.

function __plistctl_complete
    set -l current (commandline -ct | string unescape)
    set -l words (commandline -opc) $current
    set -l lines (command plistctl __complete words $words[2..-1] 2>/dev/null)
    test (count $lines) -gt 0; or return
    string match -q 'files*' -- $lines[1]; and __fish_complete_path $current
    test (count $lines) -gt 1; and printf '%s\n' $lines[2..-1]
end

complete -c plistctl -f -a '(__plistctl_complete)'
