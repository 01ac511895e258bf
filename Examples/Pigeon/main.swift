// Pigeon: the books' "Where Are You?" app, its preferences kept with PlistCore's Defaults.
//
//   pigeon show                  the map type, the heading (90 unless set) and the saved spot
//   pigeon map-type N            0 standard, 1 satellite, 2 hybrid
//   pigeon heading DEGREES
//   pigeon remember LAT LON [NAME]   saves a location (a Codable struct, stored as a dictionary)
//   pigeon forget                forgets the location
//   pigeon watch                 prints "ready", then each change made anywhere, until killed
//
// Any `-HPMapType 2` in the arguments wins over the stored value, as with UserDefaults.
@preconcurrency import Glibc
import PlistCore

// Each line reaches a pipe as it is printed (a watcher's reader waits for lines).
setvbuf(stdout, nil, _IOLBF, 0)

/// Where the pigeon was left.
struct SavedLocation: Codable, Equatable {
  var latitude: Double
  var longitude: Double
  var name: String?
}

let mapTypeKey = "HPMapType"
let headingKey = "HPHeading"
let locationKey = "HPLocation"

guard let defaults = Defaults(suiteName: "com.example.pigeon") else { fatalError("bad suite") }
// Factory defaults, registered at every launch (never stored).
defaults.register(defaults: [headingKey: 90.0])

/// The words after the command, without `-Key value` pairs (those are the argument domain).
var words: [String] = []
var index = 1
let arguments = CommandLine.arguments
while index < arguments.count {
  if arguments[index].hasPrefix("-") && arguments[index].count > 1
    && Double(arguments[index]) == nil
  {
    index += 2
  } else {
    words.append(arguments[index])
    index += 1
  }
}

func describe(_ value: PlistValue?) -> String {
  guard let value else { return "(none)" }
  return PropertyList.describe(value).split(separator: "\n").joined(separator: " ")
}

func fail(_ message: String) -> Never {
  print("pigeon: \(message)")
  exit(64)
}

switch words.first {
case "show", nil:
  print("map type: \(defaults.integer(forKey: mapTypeKey))")
  print("heading: \(defaults.double(forKey: headingKey))")
  if let spot = try defaults.decoded(SavedLocation.self, forKey: locationKey) {
    print("location: \(spot.latitude), \(spot.longitude) \(spot.name ?? "")")
  } else {
    print("location: none")
  }
case "map-type":
  guard words.count == 2, let type = Int(words[1]) else { fail("map-type N") }
  defaults.set(type, forKey: mapTypeKey)
case "heading":
  guard words.count == 2, let degrees = Double(words[1]) else { fail("heading DEGREES") }
  defaults.set(degrees, forKey: headingKey)
case "remember":
  guard words.count >= 3, let lat = Double(words[1]), let lon = Double(words[2]) else {
    fail("remember LAT LON [NAME]")
  }
  let spot = SavedLocation(
    latitude: lat, longitude: lon, name: words.count > 3 ? words[3] : nil)
  try defaults.set(encoding: spot, forKey: locationKey)
case "forget":
  defaults.removeObject(forKey: locationKey)
case "watch":
  let changes = defaults.changes(forKeys: [mapTypeKey, headingKey, locationKey])
  print("ready")
  for await change in changes {
    let who = change.origin == .thisProcess ? "this process" : "another process"
    print(
      "\(change.key): \(describe(change.oldValue)) -> \(describe(change.newValue))"
        + " (\(change.layer.map { "\($0)" } ?? "none"), \(who))")
  }
default:
  fail("unknown command \(words[0])")
}
