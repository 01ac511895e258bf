// Start-up of a program that reads one key with Foundation's UserDefaults (bench/run.sh defaults).
import Foundation

print(UserDefaults(suiteName: "com.example.bench")!.integer(forKey: "HPMapType"))
