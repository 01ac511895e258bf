import Foundation
import PlistCore
import Testing

/// `PropertyList.decode` reads any collection of bytes, in place when it is contiguous.
@Suite("Decoding from any bytes")
struct DecodingCollectionsTests {
  static let text = Array("<plist><dict><key>a</key><integer>1</integer></dict></plist>".utf8)
  static let expected: PlistValue = ["a": 1]

  @Test func arraySliceAndRawBuffer() throws {
    let padded = [0x20] + Self.text + [0x20]
    let slice = padded[1..<(padded.count - 1)]
    #expect(try PropertyList.decode(slice, as: .xml) == Self.expected)
    let raw = try Self.text.withUnsafeBytes { raw in try PropertyList.decode(raw, as: .xml) }
    #expect(raw == Self.expected)
    #expect(try PropertyList.decode(Data(Self.text), as: .xml) == Self.expected)
  }

  @Test func nonContiguousCollectionsAreCopiedOnce() throws {
    let lazy = Self.text.lazy.map { $0 }
    #expect(try PropertyList.decode(lazy, as: .xml) == Self.expected)
    let detected = try PropertyList.decode(Array("[1, 2]".utf8)[...])
    #expect(detected.value == [1, 2] && detected.format == .json)
  }

  @Test func errorsAreTheSameAsFromAnArray() {
    let broken = Array("<plist><dict>".utf8)
    let fromArray = #expect(throws: PlistParseError.self) {
      try PropertyList.decode(broken, as: .xml)
    }
    let fromSlice = #expect(throws: PlistParseError.self) {
      try PropertyList.decode(broken[...], as: .xml)
    }
    #expect(fromArray == fromSlice)
    #expect(throws: PlistParseError.self) { try PropertyList.decode([UInt8]()[...], as: .xml) }
  }
}
