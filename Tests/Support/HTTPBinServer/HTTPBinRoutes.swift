import Foundation
import HTTPTypes
import Hummingbird

/// Every route the server answers, each with httpbin's behaviour (see the README of this folder).
enum HTTPBinRoutes {
    static func router(state: HTTPBinState) -> Router<HTTPBinContext> {
        let router = Router(context: HTTPBinContext.self)
        addEchoRoutes(to: router)
        addRedirectRoutes(to: router)
        addAuthRoutes(to: router)
        addStatusRoutes(to: router, state: state)
        addCachingRoutes(to: router)
        addBodyRoutes(to: router)
        return router
    }

    static let everyMethod: [HTTPRequest.Method] = [.get, .post, .put, .patch, .delete]

    /// `/get`, `/post` (and `/put`, `/patch`, `/delete`), `/anything[/…]`, `/headers`, `/delay/N`.
    static func addEchoRoutes(to router: Router<HTTPBinContext>) {
        router.get("/get") { request, context in
            try await Echo.of(request, context: context, readingBody: false).response(["url", "args", "headers", "origin"])
        }
        for (path, method) in [("/post", HTTPRequest.Method.post), ("/put", .put), ("/patch", .patch), ("/delete", .delete)] {
            router.on(RouterPath(path), method: method) { request, context in
                try await Echo.of(request, context: context, readingBody: true)
                    .response(["url", "args", "form", "data", "origin", "headers", "files", "json"])
            }
        }
        for path in ["/anything", "/anything/**"] {
            for method in everyMethod {
                router.on(RouterPath(path), method: method) { request, context in
                    try await Echo.of(request, context: context, readingBody: true)
                        .response(["url", "args", "headers", "origin", "method", "form", "data", "files", "json"])
                }
            }
        }
        router.get("/headers") { request, _ in
            JSONResponse.make(["headers": Echo.titleCasedHeaders(request)])
        }
        // httpbin caps delays at 10 s. Tests give up on these long before (a timeout or a
        // cancellation); the handler's sleep then ends with nobody waiting.
        for method in everyMethod {
            router.on("/delay/:seconds", method: method) { request, context in
                let seconds = min(max(try context.parameters.require("seconds", as: Double.self), 0), 10)
                try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
                return try await Echo.of(request, context: context, readingBody: true)
                    .response(["url", "args", "form", "data", "origin", "headers", "files"])
            }
        }
        router.get("/uuid") { _, _ in JSONResponse.make(["uuid": UUID().uuidString.lowercased()]) }
        router.get("/json") { _, _ in JSONResponse.make(SampleDocument.slideshow) }
    }

    /// `/redirect/N`, `/relative-redirect/N`, `/absolute-redirect/N`, `/redirect-to`.
    static func addRedirectRoutes(to router: Router<HTTPBinContext>) {
        router.get("/redirect/:n") { request, context in
            let hops = try context.parameters.require("n", as: Int.self)
            let absolute = Echo.queryArguments(request.uri.query)["absolute"] as? String == "true"
            return try redirect(hops: hops, absolute: absolute, request: request)
        }
        router.get("/relative-redirect/:n") { request, context in
            try redirect(hops: try context.parameters.require("n", as: Int.self), absolute: false, request: request)
        }
        router.get("/absolute-redirect/:n") { request, context in
            try redirect(hops: try context.parameters.require("n", as: Int.self), absolute: true, request: request)
        }
        for method in everyMethod {
            router.on("/redirect-to", method: method) { request, _ in
                let arguments = Echo.queryArguments(request.uri.query)
                guard let target = arguments["url"] as? String else { throw HTTPError(.badRequest) }
                var status = 302
                if let text = arguments["status_code"] as? String, let code = Int(text), (300..<400).contains(code) { status = code }
                return Response(status: .init(code: status), headers: [.location: target])
            }
        }
    }

    /// One hop of a chain of `hops` redirects ending at `/get`.
    static func redirect(hops: Int, absolute: Bool, request: Request) throws -> Response {
        guard hops > 0 else { throw HTTPError(.notFound) }
        let prefix = absolute ? "http://\(request.head.authority ?? "")" : ""
        let next = hops == 1 ? "/get" : (absolute ? "/absolute-redirect/\(hops - 1)" : "/relative-redirect/\(hops - 1)")
        return Response(status: .found, headers: [.location: prefix + next])
    }

    /// `/basic-auth/<user>/<password>` and `/bearer`; a 401 names the scheme in `WWW-Authenticate`.
    static func addAuthRoutes(to router: Router<HTTPBinContext>) {
        router.get("/basic-auth/:user/:password") { request, context in
            let user = try context.parameters.require("user")
            let password = try context.parameters.require("password")
            guard let credentials = basicCredentials(request.headers[.authorization]), credentials == (user, password) else {
                return Response(status: .unauthorized, headers: [.wwwAuthenticate: #"Basic realm="Fake Realm""#])
            }
            return JSONResponse.make(["authenticated": true, "user": user])
        }
        router.get("/bearer") { request, _ in
            let authorization = request.headers[.authorization] ?? ""
            guard authorization.hasPrefix("Bearer ") else {
                return Response(status: .unauthorized, headers: [.wwwAuthenticate: "Bearer"])
            }
            return JSONResponse.make(["authenticated": true, "token": String(authorization.dropFirst("Bearer ".count))])
        }
    }

    static func basicCredentials(_ header: String?) -> (String, String)? {
        guard let header, header.lowercased().hasPrefix("basic "),
              let decoded = Data(base64Encoded: String(header.dropFirst("basic ".count)).trimmingCharacters(in: .whitespaces)),
              let text = String(data: decoded, encoding: .utf8),
              let colon = text.firstIndex(of: ":") else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    /// `/status/N` and `/sequence/<key>?statuses=429,503,200&retry_after=S`.
    static func addStatusRoutes(to router: Router<HTTPBinContext>, state: HTTPBinState) {
        for method in everyMethod {
            router.on("/status/:code", method: method) { _, context in
                let code = try context.parameters.require("code", as: Int.self)
                guard (100..<600).contains(code) else { throw HTTPError(.badRequest) }
                return statusResponse(code)
            }
        }
        // Not in httpbin: the n-th request for one key gets the n-th status (the last repeats),
        // so a retrying client can be tested against a server that recovers.
        router.get("/sequence/:key") { request, context in
            let key = try context.parameters.require("key")
            let arguments = Echo.queryArguments(request.uri.query)
            let statuses = ((arguments["statuses"] as? String) ?? "200").split(separator: ",").compactMap { Int($0) }
            guard let last = statuses.last else { throw HTTPError(.badRequest) }
            let attempt = state.nextAttempt(for: key)
            let status = attempt <= statuses.count ? statuses[attempt - 1] : last
            var headers: HTTPFields = [HTTPField.Name("X-Attempt")!: "\(attempt)"]
            if status == 429 || status == 503, let retryAfter = arguments["retry_after"] as? String {
                headers[.retryAfter] = retryAfter
            }
            return JSONResponse.make(["attempt": attempt], status: .init(code: status), headers: headers)
        }
    }

    /// httpbin's extra fields for some statuses: a challenge on 401, a `Location` on redirects.
    static func statusResponse(_ code: Int) -> Response {
        switch code {
        case 401:
            return Response(status: .unauthorized, headers: [.wwwAuthenticate: #"Basic realm="Fake Realm""#])
        case 301, 302, 303, 305, 307:
            return Response(status: .init(code: code), headers: [.location: "/redirect/1"])
        default:
            return Response(status: .init(code: code))
        }
    }

    /// `/etag/<etag>` and `/cache`: conditional requests.
    static func addCachingRoutes(to router: Router<HTTPBinContext>) {
        router.get("/etag/:etag") { request, context in
            let etag = try context.parameters.require("etag")
            let quoted = "\"\(etag)\""
            let ifNoneMatch = entityTags(request.headers[.ifNoneMatch])
            let ifMatch = entityTags(request.headers[.ifMatch])
            if !ifNoneMatch.isEmpty {
                if ifNoneMatch.contains(etag) || ifNoneMatch.contains("*") {
                    return Response(status: .notModified, headers: [.eTag: quoted])
                }
            } else if !ifMatch.isEmpty, !ifMatch.contains(etag), !ifMatch.contains("*") {
                return Response(status: .preconditionFailed)
            }
            return try await Echo.of(request, context: context, readingBody: false)
                .response(["url", "args", "headers", "origin"], headers: [.eTag: quoted])
        }
        router.get("/cache") { request, context in
            if request.headers[.ifModifiedSince] != nil || request.headers[.ifNoneMatch] != nil {
                return Response(status: .notModified)
            }
            let headers: HTTPFields = [
                .lastModified: httpDate(Date()),
                .eTag: UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased(),
            ]
            return try await Echo.of(request, context: context, readingBody: false).response(["url", "args", "headers", "origin"], headers: headers)
        }
    }

    /// An IMF-fixdate (RFC 9110 §5.6.7), as `Last-Modified` wants.
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    /// The tags of an `If-None-Match`/`If-Match` list, without quotes or the weak prefix.
    static func entityTags(_ header: String?) -> Set<String> {
        guard let header else { return [] }
        return Set(header.split(separator: ",").map { tag in
            var tag = tag.trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        })
    }

    /// `/gzip` and `/large/<size>`.
    static func addBodyRoutes(to router: Router<HTTPBinContext>) {
        router.get("/gzip") { request, context in
            let echo = try await Echo.of(request, context: context, readingBody: false)
            let json = JSONResponse.encode(["gzipped": true, "headers": echo.headers, "method": echo.method, "origin": echo.origin])
            return Response(status: .ok, headers: [.contentType: "application/json", .contentEncoding: "gzip"],
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: Gzip.wrap(json))))
        }
        // Not in httpbin (its /bytes stops at 100 KiB): `size` bytes of "0123456789abcdef"
        // repeated, streamed in 64 KiB pieces, at most 64 MiB.
        router.get("/large/:size") { _, context in
            let size = try context.parameters.require("size", as: Int.self)
            guard (0...(64 << 20)).contains(size) else { throw HTTPError(.badRequest) }
            let piece = ByteBuffer(bytes: Array(repeating: Array("0123456789abcdef".utf8), count: 4096).joined())
            return Response(status: .ok, headers: [.contentType: "application/octet-stream", .contentLength: "\(size)"],
                            body: ResponseBody(contentLength: size) { writer in
                                var left = size
                                while left > 0 {
                                    let count = min(left, piece.readableBytes)
                                    try await writer.write(piece.getSlice(at: 0, length: count)!)
                                    left -= count
                                }
                                try await writer.finish(nil)
                            })
        }
    }
}
