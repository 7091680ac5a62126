import Foundation
import HTTPLoading

/// The mock-terminal workload `Profile` and `Instructions` share: COUNT distinct requests through
/// the full chain over a ``CannedLoader``, or through the canned terminal alone.
public enum CannedRequests {
    /// Sends `count` requests (`/hello?i=N`, so deduplication never merges two), through the full
    /// chain (without the loaders in `omitting`) when `chained`, else to the terminal alone with the
    /// environment applied beforehand; returns the body bytes received.
    ///
    /// Each request is made where it is sent and given up to the chain, as a client does
    /// (`LemmyRawClient` builds one per call): a request also held by the caller, such as one
    /// read from an array of them, is copied by the first loader that changes it.
    public static func send(_ count: Int, chained: Bool, omitting: Set<Chains.Link> = []) async -> Int {
        let base = URL(string: "https://bench.test")!
        let loader: any HTTPLoader = chained ? Chains.full(over: CannedLoader(), baseURL: base, omitting: omitting) : CannedLoader()
        let environment = ServerEnvironment(baseURL: base)!
        var bytes = 0
        for index in 0..<count {
            var request = LoadRequest(path: "/hello", queryItems: [URLQueryItem(name: "i", value: String(index))])
            if !chained { environment.apply(to: &request) }
            guard let response = try? await loader.load(consume request) else { fatalError("the canned terminal failed") }
            bytes += response.body.count
        }
        return bytes
    }
}
