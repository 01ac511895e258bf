// Shared by every fuzz target; compiled into one module with PlistCore's sources, so the
// targets reach the readers directly.

/// Parses the input with one reader, and checks every other visitor of the format's walk
/// against the tree on the same input (`VisitorAgreement`, shared with the unit tests:
/// XML's look-up, compact storage and one-key write; binary's look-up, conversions and
/// one-key rewrite; the text formats' binary image). Whatever parses must survive a binary
/// round trip unchanged (binary holds every value), and whatever the XML writer accepts must
/// read back; the other writers may refuse a value, with an error, but never crash.
func exercise(_ data: UnsafePointer<UInt8>, _ size: Int, as format: PlistFormat?) {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if let format, let problem = VisitorAgreement.disagreements(bytes, as: format).first {
    preconditionFailure(problem)
  }
  let value: PlistValue
  do {
    if let format {
      value = try PropertyList.decode(bytes, as: format)
    } else {
      value = try PropertyList.decode(bytes).value
    }
  } catch {
    _ = error.description
    return
  }
  do {
    let binary = try PropertyList.encode(value, as: .binary)
    let again = try PropertyList.decode(binary, as: .binary)
    precondition(again == value, "binary round trip changed the value")
  } catch {
    preconditionFailure("binary round trip failed: \(error)")
  }
  if let xml = try? PropertyList.encode(value, as: .xml) {
    do { _ = try PropertyList.decode(xml, as: .xml) } catch {
      preconditionFailure("XML written by PlistCore does not read back: \(error)")
    }
  }
  _ = try? PropertyList.encode(value, as: .json)
  _ = try? PropertyList.encode(value, as: .openStep)
  _ = PropertyList.describe(value)
}
