// Start-up of a program that reads one key with PlistCore's Defaults (bench/run.sh defaults).
// The number is printed as a String: `print` of an Int goes through the generic `Any` path,
// 0.4 M instructions that measure the standard library, not Defaults.
import PlistCore

print(String(Defaults(suiteName: "com.example.bench")!.integer(forKey: "HPMapType")))
