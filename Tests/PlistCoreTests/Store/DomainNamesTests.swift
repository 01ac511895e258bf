import Foundation
import PlistCore
import TestSupport
import Testing

/// `domainNames()`: which directory entries are domains, and their order (CoreFoundation's
/// key order, in which characters above U+FFFF sort before U+E000…U+FFFF).
@Suite("Domain names")
struct DomainNamesTests {
  @Test func listsFilesAndLinksInKeyOrder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(
      atPath: directory.path("config"), withIntermediateDirectories: true)
    let files = [
      "b.plist", "a.plist", "B.plist", "a.b.plist", "zé.plist", "\u{E000}x.plist",
      "\u{10000}x.plist", "com.example.app10.plist", "com.example.app9.plist", "aa.plist",
    ]
    for name in files { try directory.write("config/" + name, "<plist><dict/></plist>") }
    // Not domains: hidden, no stem, another suffix, a directory.
    for name in [".hidden.plist", ".plist", "notes.txt", "a.plistx"] {
      try directory.write("config/" + name, "x")
    }
    try FileManager.default.createDirectory(
      atPath: directory.path("config/folder.plist"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("config/linked.plist"), withDestinationPath: "a.plist")
    let store = try DomainStore(root: directory.path("config"))
    #expect(
      try store.domainNames() == [
        "B", "a", "a.b", "aa", "b", "com.example.app10", "com.example.app9", "linked", "zé",
        "\u{10000}x", "\u{E000}x",
      ])
  }

  @Test func hostFilesHaveTheirOwnSuffix() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(
      atPath: directory.path("config/ByHost"), withIntermediateDirectories: true)
    for name in ["ByHost/one.h1.plist", "ByHost/two.h1.plist", "ByHost/three.h2.plist"] {
      try directory.write("config/" + name, "<plist><dict/></plist>")
    }
    let store = try DomainStore(root: directory.path("config"), host: .named("h1"))
    #expect(try store.domainNames() == ["one", "two"])
    #expect(try DomainStore(root: directory.path("config")).domainNames() == [])
  }
}
