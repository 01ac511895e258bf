#!/usr/bin/env bash
# `make dist`: a release, in one folder (.build/dist/VERSION): the source tarball (the
# committed tree), a tarball of the static binary with its man page, completions and
# licences, the Debian package, and SHA256SUMS over them. Arguments: the version, the built
# binary and the .deb `make deb` made. Prints the folder's path.
set -euo pipefail
cd "$(dirname "$0")/.."

version=$1 binary=$2 deb=$3
arch=$(uname -m)
dist=.build/dist/$version
rm -rf "$dist"
mkdir -p "$dist"

# The sources: what is committed, never the work tree's leftovers (.build, local edits).
git archive --format=tar --prefix="plistctl-$version/" HEAD | gzip -9n >"$dist/plistctl-$version.tar.gz"

# The binary: the layout of a prefix (bin, share), so `tar -C /usr/local --strip-components=1`
# installs it; the licences beside it.
name=plistctl-$version-linux-$arch
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root=$stage/$name
install -d "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
  "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d"
install -m 0755 -s --strip-program="${STRIP:-strip}" "$binary" "$root/bin/plistctl"
# The compatibility links, off the PATH until chosen (as in the .deb).
install -d "$root/lib/plistctl/compat"
ln -s ../../../bin/plistctl "$root/lib/plistctl/compat/plutil"
ln -s ../../../bin/plistctl "$root/lib/plistctl/compat/PlistBuddy"
install -m 0644 docs/plistctl.1 "$root/share/man/man1/plistctl.1"
install -m 0644 completions/plistctl.bash "$root/share/bash-completion/completions/plistctl"
install -m 0644 completions/_plistctl "$root/share/zsh/site-functions/_plistctl"
install -m 0644 completions/plistctl.fish "$root/share/fish/vendor_completions.d/plistctl.fish"
ln -s plistctl "$root/share/bash-completion/completions/plutil"
ln -s plistctl "$root/share/bash-completion/completions/PlistBuddy"
ln -s plistctl.fish "$root/share/fish/vendor_completions.d/plutil.fish"
ln -s plistctl.fish "$root/share/fish/vendor_completions.d/PlistBuddy.fish"
# LICENSE.txt is plistctl's; COPYRIGHT says what else the static binary contains.
install -m 0644 LICENSE.txt README.md "$root/"
install -m 0644 packaging/copyright "$root/COPYRIGHT"
tar -C "$stage" --owner=0 --group=0 --numeric-owner --sort=name -cf - "$name" | gzip -9n \
  >"$dist/$name.tar.gz"

cp "$deb" "$dist/"
(cd "$dist" && sha256sum -- *.tar.gz *.deb >SHA256SUMS)
echo "$dist"
