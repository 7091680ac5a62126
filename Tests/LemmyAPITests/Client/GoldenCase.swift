import Foundation
import HTTPLoading
import HTTPLoadingTesting
import LemmyAPI
import Testing

/// One golden request: what the official client of `version` sends for a call.
///
/// The query is compared as a set of encoded `name=value` pairs (the js client emits them in the
/// key order of the caller's form object, which is not part of the protocol); the body is compared
/// as JSON by meaning; the header fields exactly.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    let name: String
    let version: String
    let endpoint: String
    let send: @Sendable (LemmyRawClient) async -> Void
    let method: String
    let path: String
    let query: [String]
    let body: String?
    let headers: [String: String]

    var testDescription: String { "\(version) \(name)" }

    /// A case sent through ``LemmyRawClient/send(_:)``; `auth` selects the header set of the version.
    static func make<R: LemmyRequest>(
        _ version: String, _ request: R, _ method: String, _ path: String,
        query: [String] = [], body: String? = nil
    ) -> GoldenCase {
        let usesAuthField = LemmyServerVersion(version)!.usesAuthField
        var headers: [String: String] = [:]
        if R.method != .get { headers["content-type"] = "application/json" }
        if !usesAuthField { headers["authorization"] = "Bearer \(ClientTestSupport.token)" }
        return GoldenCase(
            name: "\(R.method.rawValue) \(R.fullPath)", version: version, endpoint: "\(R.generation) \(R.method.rawValue) \(R.path)",
            send: { client in _ = try? await client.send(request) },
            method: method, path: path, query: query.sorted(), body: body, headers: headers
        )
    }
}
