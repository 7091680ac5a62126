import Foundation
import LemmyAPI

// Run: swift run -c release LemmyAPIBenchmarks [runs]
// Typed decoding of real fixtures beside JSONSerialization of the same bytes, and LemmyDate
// against ISO8601DateFormatter on the same timestamps. Medians of many runs, same process.
//
// Instruction counts of one payload's typed decode (no warm-up, no JSONSerialization):
//   valgrind --tool=callgrind .build/release/LemmyAPIBenchmarks 3 comments|posts50|posts

let runs = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 60
let only = CommandLine.arguments.dropFirst(2).first

func decodeBenchmark<T: Decodable>(_ label: String, _ path: String, _ type: T.Type, generation: LemmyAPIGeneration) {
    let data = BenchmarkFixtures.data(path)
    if only != nil {
        for _ in 0..<runs { sink &+= (try? LemmyResponseDecoder.decode(T.self, from: data, generation: generation)) == nil ? 0 : 1 }
        return
    }
    let typed = measure(runs: runs) {
        do {
            let value = try LemmyResponseDecoder.decode(T.self, from: data, generation: generation)
            withExtendedLifetime(value) { sink &+= 1 }
        } catch {
            fatalError("\(path) does not decode: \(error)")
        }
    }
    let untyped = measure(runs: runs) {
        let value = try? JSONSerialization.jsonObject(with: data)
        sink &+= value == nil ? 0 : 1
    }
    let ratio = typed.median.microseconds / untyped.median.microseconds
    let mbps = Double(data.count) / typed.median.microseconds
    print("\(label) (\(data.count / 1024) KB, \(runs) runs)")
    print("  typed decode      median \(fixed(typed.median.microseconds / 1000, 3)) ms  (\(fixed(mbps)) MB/s)")
    print(
        "  JSONSerialization median \(fixed(untyped.median.microseconds / 1000, 3)) ms  (\(fixed(Double(data.count) / untyped.median.microseconds)) MB/s)"
    )
    print("  typed / JSONSerialization = \(fixed(ratio, 2))x  \(ratio <= 0.67 ? "OK (target <= 0.67x)" : "SLOWER than target")")
}

if only == nil || only == "comments" {
    decodeBenchmark(
        "0.18 GetComments 1549703", "v0.18/spud_GetCommentsResponse_1549703-hot.json", ApiGetCommentsResponse.self, generation: .v3)
}
if only == nil || only == "posts50" {
    decodeBenchmark(
        "0.19 GetPosts, 50 posts (test server)", "../../../Benchmarks/LemmyMiddlewareBenchmarks/posts-0.19-limit50.json",
        ApiGetPostsResponse.self, generation: .v3)
}
if only == nil || only == "posts" {
    decodeBenchmark("0.19 GetPosts", "v0.19/lemmykit_GetPostsResponse_0.19.18.json", ApiGetPostsResponse.self, generation: .v3)
}
if only != nil { exit(0) }

// Timestamps: the 0.19 fixture's (`Z`, 6 fraction digits), which ISO8601DateFormatter can read.
let stamps = BenchmarkFixtures.timestamps(in: BenchmarkFixtures.data("v0.19/lemmykit_GetPostsResponse_0.19.18.json"))
let formatter = ISO8601DateFormatter()
formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
let formatterParsed = stamps.compactMap { formatter.date(from: $0) }.count
let dateRuns = max(runs / 4, 10)
let fast = measure(runs: dateRuns) {
    var total = 0.0
    for text in stamps { total += LemmyDate(rawValue: text)?.secondsSince1970 ?? 0 }
    sink &+= Int(total) & 1
}
let slow = measure(runs: dateRuns) {
    var total = 0.0
    for text in stamps { total += formatter.date(from: text)?.timeIntervalSince1970 ?? 0 }
    sink &+= Int(total) & 1
}
let perFast = fast.median.microseconds * 1000 / Double(stamps.count)
let perSlow = slow.median.microseconds * 1000 / Double(stamps.count)
print("Timestamps (\(stamps.count) strings from the 0.19 GetPosts fixture; ISO8601DateFormatter read \(formatterParsed), \(dateRuns) runs)")
print("  LemmyDate            median \(fixed(perFast)) ns/date")
print("  ISO8601DateFormatter median \(fixed(perSlow)) ns/date")
print("  speed-up = \(fixed(perSlow / perFast))x  \(perSlow / perFast >= 50 ? "OK (target >= 50x)" : "below target")")
