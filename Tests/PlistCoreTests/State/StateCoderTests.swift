import Testing

@testable import PlistCore

@Suite("StateCoder")
struct StateCoderTests {
  struct Position: Codable, Equatable {
    var chapter: Int
    var offset: Double
    var bookmark: String?
  }

  @Test func codableValuesRoundTripAndNilRemoves() throws {
    let coder = StateCoder()
    try coder.encode(Position(chapter: 7, offset: 0.25, bookmark: nil), forKey: "position")
    try coder.encode(87, forKey: "page")
    try coder.encode("alice", forKey: "character")
    #expect(coder.decode(Position.self, forKey: "position") == Position(chapter: 7, offset: 0.25))
    #expect(coder.decode(Int.self, forKey: "page") == 87)
    #expect(coder["page"] == 87)
    let none: String? = nil
    try coder.encode(none, forKey: "character")
    #expect(!coder.contains("character"))
  }

  @Test func aValueOfAnotherShapeDecodesAsNil() throws {
    let coder = StateCoder(values: ["page": "eighty-seven", "position": 3])
    #expect(coder.decode(Int.self, forKey: "page") == nil)
    #expect(coder.decode(Position.self, forKey: "position") == nil)
    #expect(coder.decode(Int.self, forKey: "missing") == nil)
  }

  @Test func aPositionFollowsItsItemNotItsRow() {
    let before = ["alice", "rabbit", "cat", "hatter"]
    let coder = StateCoder()
    coder.encodePosition(2, in: before, identifiedBy: { $0 }, forKey: "selected")
    let after = ["queen", "hatter", "cat", "rabbit", "alice"]
    #expect(coder.decodePosition(forKey: "selected", in: after, identifiedBy: { $0 }) == 2)
    let sorted = after.sorted()
    #expect(coder.decodePosition(forKey: "selected", in: sorted, identifiedBy: { $0 }) == 1)
    // Gone from the list: no position (the row is still there for a caller that wants it).
    let without = ["alice", "rabbit", "hatter"]
    #expect(coder.decodePosition(forKey: "selected", in: without, identifiedBy: { $0 }) == nil)
    #expect(coder.decodeRow(forKey: "selected") == 2)
  }

  @Test func noSelectionOrARowOutsideTheListRemovesTheKey() {
    let coder = StateCoder(values: ["selected": "old"])
    coder.encodePosition(nil, in: ["a"], identifiedBy: { $0 }, forKey: "selected")
    #expect(!coder.contains("selected"))
    coder.encodePosition(5, in: ["a"], identifiedBy: { $0 }, forKey: "selected")
    #expect(!coder.contains("selected"))
  }
}
