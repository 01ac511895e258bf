import Testing

@testable import PlistCore

/// Where installed Settings bundles are looked for: the XDG data directories.
@Suite("SettingsAttachments: the data directories")
struct SettingsAttachmentsTests {
  @Test(arguments: [
    ([:], ["/usr/local/share", "/usr/share"]),
    (["HOME": "/h"], ["/h/.local/share", "/usr/local/share", "/usr/share"]),
    (["HOME": "/h", "XDG_DATA_HOME": "/d"], ["/d", "/usr/local/share", "/usr/share"]),
    (
      ["HOME": "/h", "XDG_DATA_HOME": "relative"],
      ["/h/.local/share", "/usr/local/share", "/usr/share"]
    ),
    (["XDG_DATA_DIRS": "/a::relative:/b/:"], ["/a", "/b/"]),
    (["XDG_DATA_DIRS": ":/only"], ["/only"]),
    (["XDG_DATA_DIRS": ""], ["/usr/local/share", "/usr/share"]),
    (["XDG_DATA_DIRS": "/é/ü:/x"], ["/é/ü", "/x"]),
  ])
  func theDataDirectoriesAreTheXDGOnesAbsoluteOnly(
    _ environment: [String: String], _ expected: [String]
  ) {
    #expect(SettingsAttachments.dataDirectories(in: environment) == expected)
  }
}
