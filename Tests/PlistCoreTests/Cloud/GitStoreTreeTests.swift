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

  @Test func aStoresShapeIsTakenAndTheRestLeftOut() {
    let records: [[UInt8]] = [
      Self.record("100644", "blob", "120", "replicas/one.plist"),
      Self.record("100755", "blob", "80", "replicas/two.plist"),
      Self.record("100644", "blob", "10", "README.md"),
      Self.record("120000", "blob", "11", "replicas/link.plist"),
      Self.record("160000", "commit", "-", "replicas/sub"),
      Self.record("100644", "blob", "5", "junk/deep/file"),
      Self.record("100644", "blob", "5", "replicas/x/y.plist"),
      Self.record("100644", "blob", "5", ".gitattributes"),
      Self.record("100644", "blob", "5", "replicas/.GIT"),
      Self.record("100644", "blob", "5", "replicas"),
      Self.record("100644", "blob", "5", "replicas/.plistctl-x.plist.tmp"),
      Self.record("100644", "blob", String(ReplicaState.maximumFileSize + 1), "replicas/big.plist"),
      Self.record("100644", "blob", "7", "replicas/new\nline\tand tab.plist"),
    ]
    let tree = GitStoreTree(GitTreeEntry.listing(records.flatMap { $0 }))
    #expect(Set(tree.replicas.keys) == ["one.plist", "two.plist", "new\nline\tand tab.plist"])
    #expect(Set(tree.topFiles.keys) == ["README.md"])
    #expect(
      Set(tree.outside.map(\.name)) == [
        "replicas/link.plist", "replicas/sub", "junk/deep/file", "replicas/x/y.plist",
        ".gitattributes", "replicas/.GIT", "replicas", "replicas/.plistctl-x.plist.tmp",
        "replicas/big.plist",
      ])
    for entry in tree.outside {
      guard case .notBrought(let why) = entry.kind else {
        Issue.record("\(entry.name) is not marked as not brought")
        continue
      }
      #expect(why.hasSuffix("left out of the next commit"))
    }
  }

  /// Past the bounds, this replica's own file first, then the smallest: a vandal's large
  /// files cannot push an honest replica's small one out.
  @Test func theOwnFileThenTheSmallestAreTakenWithinTheBounds() {
    let big = GitTransport.maximumTreeBytes / 4
    var records: [[UInt8]] = (0..<8).map {
      Self.record("100644", "blob", String(big), "replicas/v\($0).plist")
    }
    records.append(Self.record("100644", "blob", "300", "replicas/honest.plist"))
    records.append(Self.record("100644", "blob", String(big), "replicas/own.plist"))
    let tree = GitStoreTree(GitTreeEntry.listing(records.flatMap { $0 }))
    let (taken, left) = tree.taken(own: "own.plist")
    #expect(taken.first?.path == "replicas/own.plist")
    #expect(taken.map(\.path).contains("replicas/honest.plist"))
    #expect(taken.reduce(0) { $0 + ($1.size ?? 0) } <= GitTransport.maximumTreeBytes)
    #expect(taken.count + left.count == 10)
    #expect(left.count == 6, "own, honest and 2 of the vandal's files fit in 64 MiB")

    let many = (0..<(GitTransport.maximumTreeEntries + 5)).map {
      Self.record("100644", "blob", "1", "replicas/r\($0).plist")
    }
    let crowded = GitStoreTree(GitTreeEntry.listing(many.flatMap { $0 })).taken(own: "x.plist")
    #expect(crowded.taken.count == GitTransport.maximumTreeEntries)
    #expect(crowded.left.count == 5)
  }

  /// Records git would never print (no tab, fields missing) are skipped, not trusted.
  @Test func malformedRecordsAreSkipped() {
    let bytes = Array("100644 blob abc\tshort\0garbage\0\0".utf8)
    #expect(GitTreeEntry.listing(bytes).isEmpty)
  }
}
