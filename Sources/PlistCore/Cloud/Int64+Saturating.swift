/// Arithmetic on clock readings that cannot trap: the operands come from other machines'
/// files and from `CloudMerge.Policy`, any `Int64` at all, and a sum past the type's range
/// means "later (or earlier) than any reading", which its end says as well.
extension Int64 {
  /// `self + other`, or the end of the range it overflows past.
  func saturatingAdding(_ other: Int64) -> Int64 {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? .max : .min) : sum
  }

  /// `self - other`, or the end of the range it overflows past.
  func saturatingSubtracting(_ other: Int64) -> Int64 {
    let (difference, overflow) = subtractingReportingOverflow(other)
    return overflow ? (other < 0 ? .max : .min) : difference
  }
}
