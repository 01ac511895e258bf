import Foundation
import Testing

@testable import PlistCore

/// `Base64.decode` against Foundation's decoder, and its refusals.
@Suite("Base64")
struct Base64Tests {
  static func decode(_ text: String) throws(Base64.DecodeFailure) -> [UInt8] {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { (buffer) throws(Base64.DecodeFailure) in
      try Base64.decode(buffer)
    }
  }

  @Test func decodesWhatFoundationEncodesWithLineBreaksAndIndentation() throws {
    var generator = ValueGenerator(seed: 31)
    for length in 0..<200 {
      let data = Data((0..<length).map { _ in UInt8(generator.below(256)) })
      let wrapped = data.base64EncodedString(options: [
        .lineLength64Characters, .endLineWithCarriageReturn,
      ])
      let indented = "\n\t\t" + wrapped.replacingOccurrences(of: "\r\n", with: "\n\t\t") + "\n\t"
      #expect(try Self.decode(indented) == [UInt8](data))
    }
  }

  /// The result lives on in the value tree, so it is allocated at its size (give or take the
  /// allocator's rounding), not at the size the text with its line breaks suggests.
  @Test func resultIsAllocatedAtItsSize() throws {
    let data = Data((0..<6000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    let wrapped = data.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
    let decoded = try Self.decode(wrapped.replacingOccurrences(of: "\n", with: "\n\t\t\t\t\t"))
    #expect(decoded.count == 6000)
    #expect(decoded.capacity < decoded.count + 32)
  }

  /// CoreFoundation decodes only whole groups of four and drops a shorter tail without a
  /// word, so an unpadded tail is refused rather than read as CF would not.
  @Test func missingPaddingIsRefused() throws {
    #expect(throws: Base64.DecodeFailure.partialGroup) { try Self.decode("QQ") }
    #expect(throws: Base64.DecodeFailure.partialGroup) { try Self.decode("QUI") }
    #expect(throws: Base64.DecodeFailure.partialGroup) { try Self.decode("QQ=") }
    #expect(try Self.decode("QQ==") == [0x41])
    #expect(try Self.decode("QUI=") == [0x41, 0x42])
    #expect(try Self.decode(" \u{0B}\u{0C}QUJD\r\n") == [0x41, 0x42, 0x43])
  }

  @Test func refusals() {
    #expect(throws: Base64.DecodeFailure.self) { try Self.decode("QUJD*") }
    #expect(throws: Base64.DecodeFailure.self) { try Self.decode("QQ==QQ==") }
    // Extra padding: CF decodes each further group of `=` to a zero byte.
    #expect(throws: Base64.DecodeFailure.badPadding) { try Self.decode("QUJD====") }
    #expect(throws: Base64.DecodeFailure.badPadding) { try Self.decode("QQ===") }
    #expect(throws: Base64.DecodeFailure.self) { try Self.decode("QUJDR") }
    do {
      _ = try Self.decode("QU\nJ!")
      Issue.record("accepted an invalid character")
    } catch {
      guard case .invalidByte(let index) = error else {
        Issue.record("wrong failure \(error)")
        return
      }
      #expect(index == 4)
    }
  }
}
