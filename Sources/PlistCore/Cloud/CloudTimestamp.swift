/// A hybrid logical clock's reading (Kulkarni et al., "Logical Physical Clocks", 2014): the
/// greatest wall time seen, in milliseconds since 1970, and a counter that orders events
/// within one millisecond. It stays close to real time, yet an event that follows another —
/// a write made after merging a write from a machine whose clock runs fast — always reads
/// later, whatever the clocks say.
package struct CloudTimestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Milliseconds since 1970-01-01 UTC.
  package var wall: Int64
  /// Orders events with the same wall time.
  var counter: Int64

  /// A reading.
  init(wall: Int64, counter: Int64 = 0) {
    self.wall = wall
    self.counter = counter
  }

  /// Before any event.
  static let zero = CloudTimestamp(wall: 0)

  /// The latest wall time a replica's file may hold: 9999-12-31T23:59:59.999Z, the last
  /// instant a four-digit year (as dates are written) can name. Real clocks are far below;
  /// the bound keeps every sum of a wall time and a day's or a year's milliseconds far from
  /// `Int64.max`.
  static let maximumWall: Int64 = 253_402_300_799_999

  /// The largest counter a replica's file may hold: 2^32. The counter moves only while the
  /// clock runs ahead of the physical clock, one step per write, and the merge never trusts
  /// a clock more than the skew bound (an hour) ahead, so real counters stay small: 2^32
  /// writes within one hour would be more than a million a second, each rewriting a file.
  /// Far below `Int64.max`, it leaves room for every step the tick takes.
  static let maximumCounter: Int64 = 1 << 32

  /// The latest reading a replica's file may hold.
  static let maximum = CloudTimestamp(wall: maximumWall, counter: maximumCounter)

  /// Whether a replica's file may hold this reading: neither part negative nor past its
  /// bound (`maximumWall`, `maximumCounter`).
  var isWithinBounds: Bool {
    (0...Self.maximumWall).contains(wall) && (0...Self.maximumCounter).contains(counter)
  }

  /// Ordered by wall time, then counter.
  package static func < (a: CloudTimestamp, b: CloudTimestamp) -> Bool {
    (a.wall, a.counter) < (b.wall, b.counter)
  }

  /// The reading for an event after `self`, when the physical clock says `now`: the wall
  /// time moves to `now` if that is later, else the counter moves on; a counter at its
  /// bound moves the wall time on by a millisecond instead. It never traps, whatever the
  /// two hold, and a reading within the bounds ticks to one within them (a physical clock
  /// past `maximumWall` counts as `maximumWall`), so a file this replica writes is one
  /// every replica reads.
  ///
  /// - Parameter now: The physical clock, in milliseconds since 1970.
  /// - Returns: A reading later than `self`; `self` itself only at `maximum` (or past the
  ///   bounds, where no later reading within them exists), which no real clock reaches.
  func tick(now: Int64) -> CloudTimestamp {
    let now = min(now, Self.maximumWall)
    if now > wall { return CloudTimestamp(wall: now) }
    // `counter < maximumCounter` and `wall < maximumWall` keep each `+ 1` from overflowing.
    if counter < Self.maximumCounter { return CloudTimestamp(wall: wall, counter: counter + 1) }
    if wall < Self.maximumWall { return CloudTimestamp(wall: wall + 1) }
    return self
  }

  /// `wall.counter`, e.g. `1732000000000.2`.
  package var description: String { "\(wall).\(counter)" }
}
