import Foundation

// The books' Pigeon ("Where Are You?"): a map type, and the last location saved as a
// dictionary, restored at the next launch.
func pigeon(_ words: [String]) {
  let defaults = UserDefaults.standard
  defaults.register(defaults: ["HPMapType": 0, "HPHeading": 90.0])
  switch words.first {
  case "map-type":
    defaults.set(Int(words[1]) ?? 0, forKey: "HPMapType")
  case "remember":
    let location: [String: Any] = [
      "latitude": Double(words[1]) ?? 0, "longitude": Double(words[2]) ?? 0, "name": words[3],
    ]
    defaults.set(location, forKey: "HPLocation")
  case "forget":
    defaults.removeObject(forKey: "HPLocation")
  default:
    print("map type: \(defaults.integer(forKey: "HPMapType"))")
    print("heading: \(defaults.double(forKey: "HPHeading"))")
    if let location = defaults.object(forKey: "HPLocation") as? [String: Any],
      let latitude = location["latitude"] as? Double,
      let longitude = location["longitude"] as? Double
    {
      print("location: \(latitude), \(longitude) \(location["name"] as? String ?? "")")
    } else {
      print("location: none")
    }
  }
  defaults.synchronize()
}
