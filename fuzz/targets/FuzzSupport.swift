// Shared by every fuzz target; compiled into one module with PlistCore's sources, so the
// targets reach the readers directly.

/// Parses the input with one reader, and checks every other visitor of the format's walk
/// against the tree on the same input: the same value or bytes, or the same first error
/// (XML: the compact storage, the look-up of a root key and the check without values;
/// binary: the look-up and the check; JSON and OpenStep: the binary image). Whatever parses
/// must survive a binary round trip unchanged (binary holds every value), and whatever the
/// XML writer accepts must read back; the other writers may refuse a value, with an error,
/// but never crash.
func exercise(_ data: UnsafePointer<UInt8>, _ size: Int, as format: PlistFormat?) {
  if format == .xml || format == .binary { compareLookup(data, size) }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let value: PlistValue
  do {
    if let format {
      value = try PropertyList.decode(bytes, as: format)
    } else {
      value = try PropertyList.decode(bytes).value
    }
  } catch {
    _ = error.description
    if format == .binary { compareStreaming(bytes, nil) }
    if format == .json || format == .openStep { compareTextImage(bytes, nil, format) }
    if format == .xml { compareCompactConversion(bytes, .failure(error)) }
    return
  }
  if format == .json || format == .openStep { compareTextImage(bytes, value, format) }
  if format == .binary { compareStreaming(bytes, value) }
  if format == .xml { compareCompactConversion(bytes, .success(value)) }
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

/// Binary to XML, JSON and OpenStep streamed from the bytes, and binary to binary without the
/// tree (the key-order walk's visitors), must do what the tree does: the tree writer's bytes,
/// or the tree reader's error for a file it refuses, or the tree writer's error for a value
/// the format cannot hold.
func compareStreaming(_ bytes: [UInt8], _ value: PlistValue?) {
  // `PropertyList.decode` refuses an empty input before the readers see it, and
  // `FileAccess.convert` never takes one for binary.
  guard !bytes.isEmpty else { return }
  bytes.withUnsafeBufferPointer { buffer in
    for format in [PlistFormat.xml, .json, .openStep, .binary] {
      let out = ByteOutput()
      let streamed = Result { () throws(StreamingConversionFailure) in
        switch format {
        case .xml: try BinaryToXMLConverter.convert(buffer, to: out)
        case .json: try BinaryToJSONConverter.convert(buffer, to: out)
        case .openStep: try BinaryToOpenStepConverter.convert(buffer, to: out)
        default:
          var converter = try BinaryToBinaryConverter(buffer)
          do { try converter.writeObjects(to: out) } catch {
            preconditionFailure("binary rewrite of a checked file: \(error)")
          }
        }
      }
      let expected = Result { () throws(StreamingConversionFailure) -> [UInt8] in
        // The value the caller read, or the tree reader's error.
        let tree: PlistValue
        if let value {
          tree = value
        } else {
          do throws(PlistParseError) {
            tree = try PropertyList.decode(bytes, as: .binary)
          } catch {
            throw .parse(error)
          }
        }
        do throws(PlistEncodingError) {
          return try PropertyList.encode(tree, as: format)
        } catch {
          throw .encoding(error)
        }
      }
      switch (streamed, expected) {
      case (.success, .success(let tree)):
        precondition(out.finish() == tree, "streamed \(format.name) differs from the tree's")
      case (.failure(.parse(let walk)), .failure(.parse(let tree))):
        precondition(walk == tree, "streamed \(format.name) refuses with another error")
      case (.failure(.encoding(let walk)), .failure(.encoding(let tree))):
        precondition(walk == tree, "streamed \(format.name) cannot write with another error")
      default:
        preconditionFailure("streamed \(format.name): \(streamed), the tree: \(expected)")
      }
    }
  }
}

/// A text's binary image (`JSONImageVisitor`, `OpenStepImageVisitor`) must be made exactly
/// when the reader reads the text, read back as the same value (to the bit), and convert to
/// every format as the tree does.
func compareTextImage(_ bytes: [UInt8], _ value: PlistValue?, _ format: PlistFormat?) {
  let made = bytes.withUnsafeBufferPointer { buffer in
    Result { () throws(PlistParseError) in
      try format == .json
        ? JSONImageVisitor.image(of: buffer) : OpenStepImageVisitor.image(of: buffer)
    }
  }
  // `PropertyList.decode` refuses an empty input before the readers see it.
  guard let value, !bytes.isEmpty else {
    guard !bytes.isEmpty else { return }
    guard case .failure(let imageError) = made else {
      preconditionFailure("image made of a text the reader refuses")
    }
    // The walk's error is the reader's own.
    let readError = bytes.withUnsafeBufferPointer { buffer -> PlistParseError? in
      do throws(PlistParseError) {
        _ = try format == .json ? JSONPlistReader.read(buffer) : OpenStepReader.read(buffer)
        return nil
      } catch {
        return error
      }
    }
    precondition(readError == imageError, "the image refuses with another error")
    return
  }
  guard case .success(let image?) = made else {
    preconditionFailure("image refused a text the reader reads")
  }
  let read: PlistValue
  do { read = try PropertyList.decode(image, as: .binary) } catch {
    preconditionFailure("text image does not read back: \(error)")
  }
  precondition(
    (try? PropertyList.encode(read, as: .binary)) == (try? PropertyList.encode(value, as: .binary)),
    "text image reads as another value")
  compareStreaming(image, read)
}
