#!/usr/bin/env bash
# `make deb`: a Debian package of the release binary (stripped), the man page, the three
# completion scripts and the copyright file, with dpkg-deb. Arguments: the version (from
# Plistctl.version, the one version in the sources) and the built binary. Prints the
# package's path.
set -euo pipefail
cd "$(dirname "$0")/.."

version=$1 binary=$2
maintainer=${DEB_MAINTAINER:-plistctl developers <dev@plistctl.invalid>}
arch=$(dpkg --print-architecture)
root=.build/deb/plistctl_${version}_${arch}
rm -rf "$root" "$root.deb"

install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" \
  "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d" "$root/usr/share/doc/plistctl"
install -m 0755 -s --strip-program="${STRIP:-strip}" "$binary" "$root/usr/bin/plistctl"
gzip -9n <docs/plistctl.1 >"$root/usr/share/man/man1/plistctl.1.gz"
install -m 0644 completions/plistctl.bash "$root/usr/share/bash-completion/completions/plistctl"
install -m 0644 completions/_plistctl "$root/usr/share/zsh/vendor-completions/_plistctl"
install -m 0644 completions/plistctl.fish "$root/usr/share/fish/vendor_completions.d/plistctl.fish"
install -m 0644 packaging/copyright "$root/usr/share/doc/plistctl/copyright"
# The compatibility links, off the PATH until chosen (README: "Running macOS plist scripts on
# Linux"): PATH=/usr/lib/plistctl/compat:$PATH runs plutil and PlistBuddy scripts unchanged.
install -d "$root/usr/lib/plistctl/compat"
ln -s ../../../bin/plistctl "$root/usr/lib/plistctl/compat/plutil"
ln -s ../../../bin/plistctl "$root/usr/lib/plistctl/compat/PlistBuddy"
# Their completion, loaded by the name completed (bash and fish load a command's script on
# first use; zsh's _plistctl names all three).
ln -s plistctl "$root/usr/share/bash-completion/completions/plutil"
ln -s plistctl "$root/usr/share/bash-completion/completions/PlistBuddy"
ln -s plistctl.fish "$root/usr/share/fish/vendor_completions.d/plutil.fish"
ln -s plistctl.fish "$root/usr/share/fish/vendor_completions.d/PlistBuddy.fish"
chmod 0644 "$root/usr/share/man/man1/plistctl.1.gz"

cat >"$root/DEBIAN/control" <<CONTROL
Package: plistctl
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Section: utils
Priority: optional
Description: the defaults command for Linux, and plutil's jobs
 plistctl reads and writes the preference property lists that Swift programs on Linux
 keep for UserDefaults, with the command set of macOS defaults, and converts, checks and
 prints property lists in XML, binary, OpenStep and JSON. It also runs macOS scripts
 written for plutil and PlistBuddy: /usr/lib/plistctl/compat holds links by those names.
 Shell completion for bash, zsh and fish is included. The binary is static: it needs no
 other package.
CONTROL

dpkg-deb --root-owner-group --build "$root" "$root.deb" >/dev/null
echo "$root.deb"
