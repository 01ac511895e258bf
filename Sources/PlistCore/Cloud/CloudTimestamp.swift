/// A hybrid logical clock's reading (Kulkarni et al., "Logical Physical Clocks", 2014): the
/// greatest wall time seen, in milliseconds since 1970, and a counter that orders events
/// within one millisecond. It stays close to real time, yet an event that follows another —
/// a write made after merging a write from a machine whose clock runs fast — always reads
/// later, whatever the clocks say.
public struct CloudTimestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Milliseconds since 1970-01-01 UTC.
  public var wall: Int64
  /// Orders events with the same wall time.
  public var counter: Int64

  /// A reading.
  public init(wall: Int64, counter: Int64 = 0) {
    self.wall = wall
    self.counter = counter
  }

  /// Before any event.
  public static let zero = CloudTimestamp(wall: 0)

  /// Ordered by wall time, then counter.
  public static func < (a: CloudTimestamp, b: CloudTimestamp) -> Bool {
    (a.wall, a.counter) < (b.wall, b.counter)
  }

  /// The reading for an event after `self`, when the physical clock says `now`: the wall
  /// time moves to `now` if that is later, else the counter moves on.
  ///
  /// - Parameter now: The physical clock, in milliseconds since 1970.
  /// - Returns: A reading later than `self`.
  public func tick(now: Int64) -> CloudTimestamp {
    now > wall ? CloudTimestamp(wall: now) : CloudTimestamp(wall: wall, counter: counter + 1)
  }

  /// `wall.counter`, e.g. `1732000000000.2`.
  public var description: String { "\(wall).\(counter)" }
}
