import Foundation
import HTTPTypes
import Hummingbird

extension HTTPBinRoutes {
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
}
