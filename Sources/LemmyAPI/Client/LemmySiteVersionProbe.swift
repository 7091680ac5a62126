import Foundation
import HTTPLoading
import HTTPTypes

/// Finds a server's version with GetSite.
///
/// Order: `GET /api/v3/site` first, then `GET /api/v4/site`.
/// - v3 first because 0.18 and 0.19 (most servers) answer it at once, and a 1.0 server that
///   still serves the v3 compatibility API answers it too; its `version` (1.x) then selects v4.
/// - v4 is asked only when v3 did not answer as Lemmy (404, 405, 410, 501, or a 2xx body without a
///   `version` string) — a 1.0 server without the v3 API.
/// - Transport failures, rate limiting and other errors end detection at once with that error;
///   nothing is remembered, so the next call tries again.
/// - A server older than 0.18, or one where neither path answers, is
///   ``LemmyClientError/unsupportedServer(version:reason:)``.
///
/// GetSite is sent without a token (it is public in every version), so detection never has to
/// guess where a token would go.
struct LemmySiteVersionProbe: Sendable {
    let instanceURL: URL
    let loader: any HTTPLoader

    private enum Answer {
        case version(LemmyServerVersion)
        case notLemmy(String)
        case failed(LemmyClientError)
    }

    private struct SiteVersion: Decodable {
        let version: String
    }

    func detect() async -> Result<LemmyServerVersion, LemmyClientError> {
        var reasons: [String] = []
        for generation in [LemmyAPIGeneration.v3, .v4] {
            switch await ask(generation) {
            case .version(let version):
                guard version.isSupported else {
                    return .failure(.unsupportedServer(version: version.rawValue, reason: "Lemmy 0.18 or later is required"))
                }
                return .success(version)
            case .failed(let error):
                return .failure(error)
            case .notLemmy(let reason):
                reasons.append("\(generation.pathPrefix)/site: \(reason)")
            }
        }
        return .failure(.unsupportedServer(version: nil, reason: reasons.joined(separator: "; ")))
    }

    private func ask(_ generation: LemmyAPIGeneration) async -> Answer {
        var head = HTTPRequest(
            method: .get, scheme: instanceURL.scheme ?? "https",
            authority: LemmyRequestEncoder.authority(of: instanceURL),
            path: LemmyRequestEncoder.basePath(of: instanceURL) + generation.pathPrefix + "/site")
        head.headerFields = [:]
        let response: LoadResponse
        do {
            response = try await loader.load(LoadRequest(head: head))
        } catch {
            return .failed(LemmyClientError(error))
        }
        if [404, 405, 410, 501].contains(response.status.code) {
            return .notLemmy("HTTP \(response.status.code)")
        }
        guard response.status.kind == .successful else {
            return .failed(LemmyResponseMapper.error(for: response))
        }
        guard let site = try? JSONDecoder().decode(SiteVersion.self, from: response.body) else {
            return .notLemmy("no version in the response")
        }
        guard let version = LemmyServerVersion(site.version, answeredGeneration: generation) else {
            return .failed(.unsupportedServer(version: site.version, reason: "unreadable version"))
        }
        return .version(version)
    }
}
