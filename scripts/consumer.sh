#!/bin/sh
# A package of someone else's that depends on PlistCore by a version range, as an app would:
# the repository cloned into a temporary directory and tagged with this version (so no
# network is needed), a consumer package with `.package(url:, from: VERSION)`, built and run.
# It proves that the package resolves as a versioned dependency (no unsafe flags reach a
# consumer: the executable's static-link flags are the plistctl target's own) and that the
# public API is enough for a program. Arguments: the version (make version).
set -eu
version=$1
here=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The committed tree, as a consumer's resolver sees it: a git repository with a version tag.
git clone --quiet --no-hardlinks "$here" "$work/plistctl"
git -C "$work/plistctl" -c user.name=ci -c user.email=ci@localhost tag -a "$version" -m "$version"

mkdir -p "$work/consumer/Sources/Consumer"
cat > "$work/consumer/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Consumer",
  dependencies: [.package(url: "file://$work/plistctl", from: "$version")],
  targets: [
    .executableTarget(
      name: "Consumer", dependencies: [.product(name: "PlistCore", package: "plistctl")])
  ]
)
SWIFT
cat > "$work/consumer/Sources/Consumer/main.swift" <<'SWIFT'
import PlistCore

extension Defaults.Keys {
  static let launches = Defaults.Key<Int>("launches", default: 0)
}

guard let defaults = Defaults(suiteName: "com.example.consumer") else { fatalError("no suite") }
defaults[.launches] += 1
defaults.set("hello", forKey: "greeting")
let value = try PropertyList.encode(["launches": .integer(PlistInteger(defaults[.launches]))], as: .xml)
print(defaults[.launches], defaults.string(forKey: "greeting") ?? "nil", value.count > 0)
SWIFT

config=$(mktemp -d)
(
  cd "$work/consumer"
  swift build --quiet
  out=$(XDG_CONFIG_HOME="$config" HOME="$config" swift run --skip-build Consumer)
  out2=$(XDG_CONFIG_HOME="$config" HOME="$config" swift run --skip-build Consumer)
  test "$out" = "1 hello true" && test "$out2" = "2 hello true" || {
    echo "consumer: unexpected output: $out / $out2" >&2
    exit 1
  }
  grep -q '"version" : "'"$version"'"' Package.resolved
)
rm -rf "$config"
echo "consumer: built against PlistCore $version as a versioned dependency, and ran"
