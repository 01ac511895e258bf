// swift-tools-version:6.2
// plistctl and PlistCore. SPDX-License-Identifier: Apache-2.0 WITH Swift-exception
// (LICENSE.txt: the Apache License 2.0 with the Swift Runtime Library Exception).
import PackageDescription

// The release build links with lld, which places the functions and variables the common
// commands use (of the Swift runtime and libc, which have a section for each) first and side
// by side (packaging/hot-symbols.txt; `make hot-symbols` regenerates it): past its
// instructions, a fully static binary's start-up is the page faults of the pages it touches,
// 143 scattered ones for a `read D K` before, 67 now. (PlistCore, compiled whole-module, is
// one section: its own functions in sections too made it no faster.) `--no-rosegment` puts
// the read-only data in the text's segment, as the toolchain's default linker does: one
// mapping fewer, which the runtime's start-up reads /proc/self/maps line by line for, and
// `read D K` 162 → 152 µs against the no-op's 133 µs (interleaved), though with more faults.
let hotSymbols = String(#filePath.dropLast("Package.swift".count)) + "packaging/hot-symbols.txt"
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
  name: "plistctl",
  products: [
    .library(name: "PlistCore", targets: ["PlistCore"]),
    // Foundation's `UserDefaults` on PlistCore, for code ported by changing its import.
    .library(name: "PlistCoreCompat", targets: ["PlistCoreCompat"]),
    .executable(name: "plistctl", targets: ["plistctl"]),
  ],
  targets: [
    .target(name: "PlistCore", swiftSettings: strict),
    .target(name: "PlistCoreCompat", dependencies: ["PlistCore"], swiftSettings: strict),
    // Released fully static (the Swift runtime and libc linked in: it runs on any Linux, and
    // starts without the dynamic loader), here rather than in the Makefile so that
    // `swift run -c release plistctl`, `make install` and `make deb` share one build.
    .executableTarget(
      name: "plistctl", dependencies: ["PlistCore"], swiftSettings: strict,
      linkerSettings: [
        .unsafeFlags(
          [
            "-static-executable", "-use-ld=lld",
            "-Xlinker", "--symbol-ordering-file=\(hotSymbols)",
            "-Xlinker", "--no-warn-symbol-ordering", "-Xlinker", "--no-rosegment",
          ], .when(configuration: .release))
      ]),
    // What both test targets share: temporary directories, child processes, plistlib's view.
    .target(
      name: "TestSupport", dependencies: ["PlistCore"], path: "Tests/TestSupport",
      swiftSettings: strict),
    .testTarget(
      name: "PlistCoreTests",
      dependencies: ["PlistCore", "TestSupport", "UserDefaultsProbe"],
      resources: [.copy("Fixtures")],
      swiftSettings: strict
    ),
    // The books' Pigeon app on PlistCore's Defaults: an example, run by the tests as two
    // processes that see each other's changes.
    .executableTarget(
      name: "pigeon", dependencies: ["PlistCore"], path: "Examples/Pigeon", swiftSettings: strict),
    // The books' Wonderland on PlistCore's StateRestoration: tab, page and character
    // restored at the next launch, whatever ended the last one (driven under tmux).
    .executableTarget(
      name: "wonderland", dependencies: ["PlistCore"], path: "Examples/Wonderland",
      swiftSettings: strict),
    // Defaults used by a separate process, as an app would: the concurrency tests run many.
    .executableTarget(
      name: "DefaultsWorker", dependencies: ["PlistCore"], path: "Tests/DefaultsWorker",
      swiftSettings: strict),
    // A full-screen program on TerminalSession, driven under tmux by the terminal tests.
    .executableTarget(
      name: "TerminalProbe", dependencies: ["PlistCore"], path: "Tests/TerminalProbe",
      swiftSettings: strict),
    // Foundation's real UserDefaults in a separate process, for the interop tests.
    .executableTarget(name: "UserDefaultsProbe", path: "Tests/UserDefaultsProbe"),
    // Three programs written for Foundation's UserDefaults, built on Foundation and, with
    // only the import changed, on PlistCoreCompat (PortedProgramTests compares the two).
    .executableTarget(name: "PortedOnFoundation", path: "Tests/Ported/OnFoundation"),
    .executableTarget(
      name: "PortedOnPlistCore", dependencies: ["PlistCoreCompat"], path: "Tests/Ported/OnPlistCore"
    ),
    .testTarget(
      name: "CLITests",
      dependencies: [
        "plistctl", "PlistCore", "TestSupport", "UserDefaultsProbe", "pigeon", "wonderland",
        "DefaultsWorker",
        "TerminalProbe", "PortedOnFoundation", "PortedOnPlistCore",
      ],
      swiftSettings: strict),
  ]
)
