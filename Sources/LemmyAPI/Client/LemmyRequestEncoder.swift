public import Foundation
public import HTTPLoading
import HTTPTypes

/// Turns a typed ``LemmyRequest`` into the HTTP request the official client of the server's
/// version would send.
///
/// - 0.18: the token goes into the form's `auth` (query for GET, JSON body otherwise); no header.
/// - 0.19 and later: `Authorization: Bearer <token>`; any `auth` in the form is cleared, so the
///   token never appears in a URL.
/// - GET: the query is built in the style of the server's client (``LemmyServerVersion/queryStyle``)
///   and percent-encoded like `encodeURIComponent`; no `?` when there are no parameters.
/// - Other methods: the form as JSON with `Content-Type: application/json` (1.0 DELETE too).
public enum LemmyRequestEncoder {
    /// Builds the request for `request` against `instanceURL` (e.g. `https://lemmy.ml`).
    public static func loadRequest<R: LemmyRequest>(
        for request: R,
        instanceURL: URL,
        version: LemmyServerVersion,
        token: String?
    ) throws(LemmyClientError) -> LoadRequest {
        guard R.isAbsolutePath || R.generation == version.generation else {
            throw .generationMismatch(request: R.generation, server: version)
        }
        // A call the server's version lacks is refused here, typed, rather than sent for a 404:
        // the generated `versions` list every described version that has it.
        let apiVersion = version.apiVersion
        guard R.isAbsolutePath || R.versions.contains(apiVersion.name) else {
            throw .unavailableInVersion(
                LemmyVersionError(
                    kind: .endpoint, typeName: String(describing: R.self), name: "\(R.method.rawValue) \(R.path)", version: apiVersion))
        }
        let request = placingAuthField(in: request, version: version, token: token)
        var fields = HTTPFields()
        let query: String
        let body: any HTTPBody
        // Encoded for the exact version the server speaks, so that a value it lacks (`sort=Top` on
        // 0.19) fails here, typed, instead of reaching the server.
        if R.method == .get {
            do {
                query = LemmyQueryEncoding.percentEncodedQuery(try request.queryItems(style: version.queryStyle, version: apiVersion))
            } catch { throw .unavailableInVersion(error) }
            body = EmptyBody()
        } else {
            query = ""
            let data: Data
            do { data = try request.jsonBody(version: apiVersion) ?? Data("{}".utf8) } catch let error as LemmyVersionError {
                throw .unavailableInVersion(error)
            } catch { throw .encoding(String(describing: error)) }
            fields[.contentType] = "application/json"
            body = DataBody(data, contentType: "application/json")
        }
        if !version.usesAuthField, let token {
            fields[.authorization] = "Bearer \(token)"
        }
        let path = basePath(of: instanceURL) + R.fullPath + (query.isEmpty ? "" : "?" + query)
        let head = HTTPRequest(
            method: HTTPRequest.Method(R.method.rawValue)!,
            scheme: instanceURL.scheme ?? "https",
            authority: authority(of: instanceURL),
            path: path,
            headerFields: fields
        )
        return LoadRequest(head: head, body: body)
    }

    /// Sets or clears the 0.18 `auth` member so that only 0.18 ever receives it.
    static func placingAuthField<R: LemmyRequest>(in request: R, version: LemmyServerVersion, token: String?) -> R {
        guard var carrier = request as? any LemmyAuthFieldRequest else { return request }
        if version.usesAuthField {
            if let token { carrier.auth = token }
        } else {
            carrier.auth = nil
        }
        return carrier as? R ?? request
    }

    /// The instance URL's path without trailing slashes (`""` for `https://lemmy.ml/`).
    static func basePath(of url: URL) -> String {
        var path = url.path
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// `host[:port]` of the instance URL.
    static func authority(of url: URL) -> String {
        let host = url.host ?? ""
        return url.port.map { "\(host):\($0)" } ?? host
    }
}
