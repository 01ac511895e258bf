#!/bin/sh
# `make docs`: PlistCore's API documentation, with the toolchain's own DocC: the module's
# symbol graph (public symbols, as SwiftPM dumps it), then the catalog
# Sources/PlistCore/PlistCore.docc converted into .build/docs/PlistCore.doccarchive; the same
# for PlistCoreCompat. Any warning (a link to a symbol that does not exist, a malformed
# comment) fails the build.
set -eu
cd "$(dirname "$0")/.."
version=$1
rm -rf .build/docs

# document MODULE: the module's symbol graph (its public symbols, as SwiftPM dumps them, from
# a build of its own: its flags differ from the normal build's, which it must not redo), then
# its catalog Sources/MODULE/MODULE.docc converted into .build/docs/MODULE.doccarchive.
document() {
  graphs=.build/docs/symbol-graphs/$1
  mkdir -p "$graphs"
  swift build --scratch-path .build/docs/build --target "$1" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
  # Only the module's own graphs: its extensions of other modules' types are kept
  # (MODULE@Swift, PlistCoreCompat@PlistCore), other modules' graphs are not its documentation.
  find "$graphs" -name '*.symbols.json' ! -name "$1.symbols.json" \
    ! -name "$1@*.symbols.json" -delete
  docc convert "Sources/$1/$1.docc" --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$1" --fallback-bundle-identifier "org.plistctl.$1" \
    --fallback-bundle-version "$version" --output-path ".build/docs/$1.doccarchive" \
    --warnings-as-errors
  echo ".build/docs/$1.doccarchive"
}

document PlistCore
# Foundation's UserDefaults on PlistCore.
document PlistCoreCompat
