// Foundation's PropertyListSerialization as a converter, for the benchmarks:
// foundation-convert xml|bin IN OUT
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
  FileHandle.standardError.write(Data("usage: foundation-convert xml|bin IN OUT\n".utf8))
  exit(64)
}
let format: PropertyListSerialization.PropertyListFormat = arguments[1] == "xml" ? .xml : .binary
do {
  let input = try Data(contentsOf: URL(fileURLWithPath: arguments[2]))
  let value = try PropertyListSerialization.propertyList(from: input, options: [], format: nil)
  let output = try PropertyListSerialization.data(fromPropertyList: value, format: format, options: 0)
  try output.write(to: URL(fileURLWithPath: arguments[3]))
} catch {
  FileHandle.standardError.write(Data("foundation-convert: \(error)\n".utf8))
  exit(2)
}
