import Foundation
import HTTPLoading

/// The mock-terminal workload `Profile` and `Instructions` share: COUNT distinct requests through
/// the full chain over a ``CannedLoader``, or through the canned terminal alone.
public enum CannedRequests {
    /// Sends `count` requests (`/hello?i=N`, so deduplication never merges two), through the full
    /// chain (without the loaders in `omitting`) when `chained`, else to the terminal alone with the
    /// environment applied beforehand; returns the body bytes received.
    public static func send(_ count: Int, chained: Bool, omitting: Set<Chains.Link> = []) async -> Int {
        let base = URL(string: "https://bench.test")!
        let loader: any HTTPLoader = chained ? Chains.full(over: CannedLoader(), baseURL: base, omitting: omitting) : CannedLoader()
        let requests = (0..<count).map { index in
            var request = LoadRequest(path: "/hello", queryItems: [URLQueryItem(name: "i", value: String(index))])
            if !chained { ServerEnvironment(baseURL: base)!.apply(to: &request) }
            return request
        }
        var bytes = 0
        for request in requests {
            guard let response = try? await loader.load(request) else { fatalError("the canned terminal failed") }
            bytes += response.body.count
        }
        return bytes
    }
}
