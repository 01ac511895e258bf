// Start-up of a program that reads one key with PlistCore's Defaults (bench/run.sh defaults).
import PlistCore

print(Defaults(suiteName: "com.example.bench")!.integer(forKey: "HPMapType"))
