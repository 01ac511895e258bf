#!/bin/sh
# `make docs`: PlistCore's API documentation, with the toolchain's own DocC: the module's
# symbol graph (public symbols, as SwiftPM dumps it), then the catalog
# Sources/PlistCore/PlistCore.docc converted into .build/docs/PlistCore.doccarchive; the same
# for PlistCoreCompat. Any warning (a link to a symbol that does not exist, a malformed
# comment) fails the build.
set -eu
cd "$(dirname "$0")/.."
version=$1
graphs=.build/docs/symbol-graphs
rm -rf .build/docs
mkdir -p "$graphs"

# A build of its own (its flags differ from the normal build's, which it must not redo).
swift build --scratch-path .build/docs/build --target PlistCore \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
  -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
# Only PlistCore's own graphs: the standard library's extensions by it are kept
# (PlistCore@Swift), other modules' are not its documentation.
find "$graphs" -name '*.symbols.json' ! -name 'PlistCore.symbols.json' \
  ! -name 'PlistCore@*.symbols.json' -delete

docc convert Sources/PlistCore/PlistCore.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name PlistCore --fallback-bundle-identifier org.plistctl.PlistCore \
  --fallback-bundle-version "$version" \
  --output-path .build/docs/PlistCore.doccarchive \
  --warnings-as-errors

# PlistCoreCompat (Foundation's UserDefaults on PlistCore): its own graph and catalog.
compat=.build/docs/compat-graphs
mkdir -p "$compat"
swift build --scratch-path .build/docs/build --target PlistCoreCompat \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$compat" \
  -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
find "$compat" -name '*.symbols.json' ! -name 'PlistCoreCompat.symbols.json' \
  ! -name 'PlistCoreCompat@*.symbols.json' -delete
docc convert Sources/PlistCoreCompat/PlistCoreCompat.docc \
  --additional-symbol-graph-dir "$compat" \
  --fallback-display-name PlistCoreCompat \
  --fallback-bundle-identifier org.plistctl.PlistCoreCompat \
  --fallback-bundle-version "$version" \
  --output-path .build/docs/PlistCoreCompat.doccarchive \
  --warnings-as-errors
echo ".build/docs/PlistCore.doccarchive .build/docs/PlistCoreCompat.doccarchive"
