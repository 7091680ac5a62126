// Typed decoding of real Lemmy answers beside JSONSerialization of the same bytes (the baseline,
// in the same process and run), and LemmyDate beside ISO8601DateFormatter on the same timestamps.
import Benchmark
import BenchmarkSupport
import Foundation
import LemmyAPI

let benchmarks: @Sendable () -> Void = {
    decoding("GetComments 811KB", "Tests/Fixtures/lemmy/v0.18/spud_GetCommentsResponse_1549703-hot.json", ApiGetCommentsResponse.self)
    decoding("GetPosts 50 posts", "Benchmarks/Benchmarks/MiddlewareIngest/posts-0.19-limit50.json", ApiGetPostsResponse.self)
    decoding("GetPosts 6KB", "Tests/Fixtures/lemmy/v0.19/lemmykit_GetPostsResponse_0.19.18.json", ApiGetPostsResponse.self)
    timestamps()
}

/// `NAME typed decode` and `NAME JSONSerialization` over the fixture at `path`.
func decoding<T: Decodable>(_ name: String, _ path: String, _ type: T.Type) {
    let data = BenchmarkSupport.data(path)
    let configuration = BenchmarkSupport.configuration(iterations: 400, seconds: 3, warmup: 3)
    Benchmark("\(name) typed decode", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try LemmyResponseDecoder.decode(T.self, from: data, generation: .v3))
        }
    }
    Benchmark("\(name) JSONSerialization", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONSerialization.jsonObject(with: data))
        }
    }
}

/// Every timestamp of the 0.19 GetPosts fixture (`Z`, 6 fraction digits, which
/// ISO8601DateFormatter can read), parsed by LemmyDate and by ISO8601DateFormatter.
func timestamps() {
    let stamps = strings(in: BenchmarkSupport.data("Tests/Fixtures/lemmy/v0.19/lemmykit_GetPostsResponse_0.19.18.json"))
        .filter { $0.count >= 19 && LemmyDate(rawValue: $0) != nil }
    let configuration = BenchmarkSupport.configuration(iterations: 400, seconds: 2)
    Benchmark("Timestamps LemmyDate", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            var total = 0.0
            for text in stamps { total += LemmyDate(rawValue: text)?.secondsSince1970 ?? 0 }
            blackHole(total)
        }
    }
    Benchmark("Timestamps ISO8601DateFormatter", configuration: configuration) { benchmark in
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for _ in benchmark.scaledIterations {
            var total = 0.0
            for text in stamps { total += formatter.date(from: text)?.timeIntervalSince1970 ?? 0 }
            blackHole(total)
        }
    }
}

/// Every string value in a JSON document.
func strings(in data: Data) -> [String] {
    var out: [String] = []
    func walk(_ value: Any) {
        if let text = value as? String {
            out.append(text)
        } else if let array = value as? [Any] {
            array.forEach(walk)
        } else if let object = value as? [String: Any] {
            object.values.forEach(walk)
        }
    }
    walk((try? JSONSerialization.jsonObject(with: data)) as Any)
    return out
}
