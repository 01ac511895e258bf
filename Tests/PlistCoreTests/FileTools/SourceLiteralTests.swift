import Foundation
import PlistCore
import TestSupport
import Testing

/// `plutil -convert swift|objc`: the layout, and source that compiles.
@Suite("Swift and Objective-C literals")
struct SourceLiteralTests {
  static let sample: PlistValue = ["a": 1, "b": [true, "x"]]

  @Test func swiftLayout() throws {
    let text = try SourceLiteral.source(
      Self.sample, language: .swift, name: "foo", inputName: "foo.plist", header: nil)
    #expect(
      text == """
        /// Generated from foo.plist
        let foo : [String : Any] = [
            "a" : 1,
            "b" : [
                true,
                "x",
            ] as [Any],
        ]

        """)
    let uniform = try SourceLiteral.source(
      ["x", "y"], language: .swift, name: "names", inputName: "-", header: nil)
    #expect(uniform == "/// Generated from -\nlet names = [\n    \"x\",\n    \"y\",\n]\n")
  }

  @Test func objectiveCLayoutAndHeader() throws {
    let text = try SourceLiteral.source(
      Self.sample, language: .objectiveC, name: "foo", inputName: "foo.plist", header: "foo.h")
    #expect(
      text == """
        #import "foo.h"

        /// Generated from foo.plist
        __attribute__((visibility("hidden")))
        NSDictionary * const foo = @{
            @"a" : @1,
            @"b" : @[
                @YES,
                @"x",
            ],
        };

        """)
    #expect(
      SourceLiteral.objectiveCHeader(Self.sample, name: "foo", inputName: "foo.plist") == """
        #import <Foundation/Foundation.h>

        /// Generated from foo.plist
        __attribute__((visibility("hidden")))
        extern NSDictionary * const foo;

        """)
    #expect(throws: SourceLiteral.Unrepresentable()) {
      try SourceLiteral.source(
        ["when": .date(PlistDate(secondsSinceReferenceDate: 0))], language: .objectiveC,
        name: "x", inputName: "x", header: nil)
    }
  }

  @Test(arguments: [
    ("Info.plist", "Info"), ("dir.d/My-App Info.plist", "My_App_Info"), ("-", "_"),
    ("2x.plist", "_2x"), (".plist", "_plist"), ("noext", "noext"), ("a+b.plist", "a_b"),
  ])
  func constantNames(_ path: String, _ name: String) {
    #expect(SourceLiteral.constantName(forInput: path) == name)
  }

  /// Every type, strings with quotes, backslashes and control characters, nested
  /// collections of mixed types and empty ones: the Swift compiler accepts the file (plutil's
  /// own output does not compile for some of these).
  @Test func swiftSourceCompiles() throws {
    let value: PlistValue = [
      "text": "quote \" backslash \\ \\n tab\t bell\u{7} é 😀",
      "when": .date(PlistDate(secondsSinceReferenceDate: 725_846_400.5)),
      "blob": .data(PlistData([0, 10, 255])), "mixed": [1, "two", [3.5], ["k": false]],
      "empty": [], "emptyDict": .dictionary(PlistDictionary()), "big": .integer(PlistInteger(-7)),
      "nested": ["inner": ["a": 1, "b": "c"]], "real": 0.1,
    ]
    let source = try SourceLiteral.source(
      value, language: .swift, name: "settings", inputName: "settings.plist", header: nil)
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write("main.swift", "import Foundation\n" + source + "print(settings.count)\n")
    let swiftc = try ExternalTool.require("swiftc", package: "the Swift toolchain")
    let result = try ChildProcess.run(swiftc, ["-typecheck", dir.path("main.swift")])
    #expect(result.status == 0, "\(result.stderr)\n\(source)")
  }
}
