import Testing

@testable import PlistCore

/// `ByteOutput`'s appends that write more than they keep: a run of one byte (indentation)
/// stored eight at a time, checked where the room left is smaller than the run, equal to it
/// and larger, and across the drain of a file's output.
@Suite("ByteOutput")
struct ByteOutputTests {
  @Test(arguments: [false, true])
  func aRunOfOneByteIsExactlyTheCountAskedWhateverRoomIsLeft(draining: Bool) {
    // An output starts with 4,096 bytes of room in memory, 69,632 when drained: prefixes
    // around both ends, then runs of every length around eight.
    for prefix in [0, 1, 7, 4_080, 4_089, 4_095, 4_096, 65_530, 69_620, 69_631] {
      for run in 0...20 {
        var drained: [UInt8] = []
        let out = draining ? ByteOutput { drained.append(contentsOf: $0) } : ByteOutput()
        out.append([UInt8](repeating: 0x61, count: prefix))
        out.append(repeating: 0x09, count: run)
        out.append(0x0A)
        out.flushIfFull()
        let rest = out.finish()
        let bytes = drained + rest
        let expected =
          [UInt8](repeating: 0x61, count: prefix) + [UInt8](repeating: 0x09, count: run) + [0x0A]
        #expect(bytes == expected, "prefix \(prefix), run \(run)")
      }
    }
  }
}
