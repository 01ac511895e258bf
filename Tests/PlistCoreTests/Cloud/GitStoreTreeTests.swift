import Foundation
import Testing

@testable import PlistCore

/// What a git store takes from a remote branch's tree (`GitStoreTree`), from `ls-tree -r -l -z`
/// records another machine decided: only a store's plain files, by names checked here, within
/// bounds; everything else named as left out.
@Suite struct GitStoreTreeTests {
  /// One `ls-tree -r -l -z` record.
  static func record(_ mode: String, _ type: String, _ size: String, _ path: String) -> [UInt8] {
    Array("\(mode) \(type) \(String(repeating: "a", count: 40))    \(size)\t\(path)".utf8) + [0]
  }

  /// A replica's file name: `<32 hex digits>.plist`.
  static func replica(_ digit: Character) -> String {
    String(repeating: digit, count: 32) + ".plist"
  }

  @Test func aStoresShapeIsTakenAndTheRestLeftOut() {
    let one = Self.replica("1")
    let two = Self.replica("2")
    let copy = String(repeating: "3", count: 32) + ".sync-conflict-20261127-010203-ABCDEFG.plist"
    let records: [[UInt8]] = [
      Self.record("100644", "blob", "120", "replicas/" + one),
      Self.record("100755", "blob", "80", "replicas/" + two),
      Self.record("100644", "blob", "90", "replicas/" + copy),
      Self.record("100644", "blob", "10", "README.md"),
      Self.record("120000", "blob", "11", "replicas/" + Self.replica("4")),
      Self.record("160000", "commit", "-", "replicas/" + Self.replica("5")),
      Self.record("100644", "blob", "5", "junk/deep/file"),
      Self.record("100644", "blob", "5", "replicas/x/" + Self.replica("6")),
      Self.record("100644", "blob", "5", ".gitattributes"),
      Self.record("100644", "blob", "5", "replicas/.GIT"),
      Self.record("100644", "blob", "5", "replicas"),
      Self.record("100644", "blob", "5", "replicas/notes.txt"),
      Self.record("100644", "blob", "5", "replicas/.plistctl-snapshot.tmp"),
      Self.record(
        "100644", "blob", String(ReplicaState.maximumFileSize + 1), "replicas/" + Self.replica("7")),
      Self.record("100644", "blob", "7", "replicas/new\nline\tand tab.plist"),
      Self.record("100644", "blob", "7", "replicas/" + one),
    ]
    let tree = GitStoreTree(GitTreeEntry.listing(records.flatMap { $0 }))
    #expect(Set(tree.replicas.keys) == [one, two, copy])
    #expect(
      Set(tree.outside.map(\.name)) == [
        "README.md", "replicas/" + Self.replica("4"), "replicas/" + Self.replica("5"),
        "junk/deep/file", "replicas/x/" + Self.replica("6"), ".gitattributes", "replicas/.GIT",
        "replicas", "replicas/notes.txt", "replicas/.plistctl-snapshot.tmp",
        "replicas/" + Self.replica("7"), "replicas/new\nline\tand tab.plist", "replicas/" + one,
      ])
    for entry in tree.outside {
      guard case .notBrought(let why) = entry.kind else {
        Issue.record("\(entry.name) is not marked as not brought")
        continue
      }
      #expect(why.hasSuffix("left out of the next commit"))
    }
  }

  /// A name that is not UTF-8 is not a replica's file (it could not be named again as it
  /// was), and a record cut off by the listing's limit is not read.
  @Test func namesNotInUTF8AndCutRecordsAreLeftOut() {
    var bytes = Self.record("100644", "blob", "5", "replicas/" + Self.replica("1"))
    bytes +=
      Array("100644 blob \(String(repeating: "a", count: 40))    5\treplicas/".utf8)
      + [0xFE] + Array(".plist".utf8) + [0]
    bytes += Array("100644 blob \(String(repeating: "a", count: 40))    5\treplicas/2".utf8)
    let tree = GitStoreTree(GitTreeEntry.listing(bytes))
    #expect(Array(tree.replicas.keys) == [Self.replica("1")])
    #expect(tree.outside.count == 1)
  }

  /// Past the bounds, this replica's own file first, then the smallest: a vandal's large
  /// files cannot push an honest replica's small one out.
  @Test func theOwnFileThenTheSmallestAreTakenWithinTheBounds() {
    let big = GitTransport.maximumTreeBytes / 4
    var records: [[UInt8]] = "abcdef01".map {
      Self.record("100644", "blob", String(big), "replicas/" + Self.replica($0))
    }
    records.append(Self.record("100644", "blob", "300", "replicas/" + Self.replica("9")))
    records.append(Self.record("100644", "blob", String(big), "replicas/" + Self.replica("8")))
    let tree = GitStoreTree(GitTreeEntry.listing(records.flatMap { $0 }))
    let (taken, left) = tree.taken(own: Self.replica("8"))
    #expect(taken.first?.path == "replicas/" + Self.replica("8"))
    #expect(taken.map(\.path).contains("replicas/" + Self.replica("9")))
    #expect(taken.reduce(0) { $0 + ($1.size ?? 0) } <= GitTransport.maximumTreeBytes)
    #expect(taken.count + left.count == 10)
    #expect(left.count == 6, "own, honest and 2 of the vandal's files fit in 64 MiB")

    let many = (0..<(GitTransport.maximumTreeEntries + 5)).map {
      Self.record("100644", "blob", "1", "replicas/" + String(format: "%032x", $0) + ".plist")
    }
    let crowded = GitStoreTree(GitTreeEntry.listing(many.flatMap { $0 })).taken(
      own: Self.replica("f"))
    #expect(crowded.taken.count == GitTransport.maximumTreeEntries)
    #expect(crowded.left.count == 5)
  }

  /// Records git would never print (no tab, fields missing) are skipped, not trusted.
  @Test func malformedRecordsAreSkipped() {
    let bytes = Array("100644 blob abc\tshort\0garbage\0\0".utf8)
    #expect(GitTreeEntry.listing(bytes).isEmpty)
  }
}
