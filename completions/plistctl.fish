# fish completion for plistctl. The candidates come from plistctl itself (`plistctl
# __complete words WORD...`), which knows every command, option and argument from the
# commands' specs: domains, keys (`:a:b` key paths too), Settings keys, formats and file
# names, for the host chosen by -currentHost or -host. The links named plutil and
# PlistBuddy (`make install-links`) are completed as `plistctl plutil` and `plistctl buddy`.

# Arguments: the mode a link stands for (plutil, buddy), none for plistctl itself.
function __plistctl_complete
    set -l current (commandline -ct | string unescape)
    set -l words (commandline -opc) $current
    set -l lines (command plistctl __complete words $argv $words[2..-1] 2>/dev/null)
    test (count $lines) -gt 0; or return
    string match -q 'files*' -- $lines[1]; and __fish_complete_path $current
    test (count $lines) -gt 1; and printf '%s\n' $lines[2..-1]
end

complete -c plistctl -f -a '(__plistctl_complete)'
complete -c plutil -f -a '(__plistctl_complete plutil)'
complete -c PlistBuddy -f -a '(__plistctl_complete buddy)'
