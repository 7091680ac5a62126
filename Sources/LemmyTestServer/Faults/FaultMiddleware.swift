import Foundation
import Hummingbird
import NIOCore

/// Applies the ``FaultInjector``'s rules to API requests (not to `/__admin`).
struct FaultMiddleware: RouterMiddleware {
    typealias Context = LemmyRequestContext

    let injector: FaultInjector
    let dialect: LemmyDialect
    let sleeper: @Sendable (Duration) async throws -> Void

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard !path.hasPrefix("/__admin") else { return try await next(request, context) }
        let rewrites = injector.rewrites(path: path, method: request.method.rawValue)
        guard let fault = injector.fault(path: path, method: request.method.rawValue) else {
            return try await rewrite(try await next(request, context), with: rewrites)
        }
        // A rule added in process skips the admin route's validation; serving it could trap
        // (a status outside 100...999) or stall, so answer 500 naming the problem instead.
        do throws(FaultRuleError) { try fault.validate() } catch {
            let body = (try? JSONEncoder().encode(["error": "invalid_fault_rule", "message": error.message])) ?? Data()
            return APIRoutes.json(body, status: .internalServerError)
        }
        switch fault {
        case .latency(let milliseconds):
            try await sleeper(.milliseconds(milliseconds))
            return try await rewrite(try await next(request, context), with: rewrites)
        case .status(let code, let error):
            return APIRoutes.json(ErrorRendering.body(code: error, dialect: dialect), status: .init(code: code))
        case .tooManyRequests(let seconds):
            let code = dialect == .v1_0 ? "too_many_requests" : "rate_limit_error"
            return APIRoutes.json(
                ErrorRendering.body(code: code, dialect: dialect), status: .tooManyRequests,
                headers: [.retryAfter: String(seconds)])
        case .lemmyRateLimit:
            let (status, body, _) = ErrorRendering.render(.rateLimited, dialect: dialect)
            return APIRoutes.json(body, status: .init(code: status))
        case .truncatedBody:
            var context = context
            context.truncateBody = true
            return try await next(request, context)
        case .malformedJSON:
            return APIRoutes.json(Data(#"{"posts":[{"post":{"id":1,"name":"#.utf8), status: .ok)
        case .closeConnection:
            try? await context.channel.close()
            return Response(status: .ok)
        case .closeAfterHandling:
            _ = try await next(request, context)
            try? await context.channel.close()
            return Response(status: .ok)
        case .hugeBody(let megabytes):
            return HugeBody.response(bytes: min(max(megabytes, 0), 1024) << 20)
        case .rewriteBody:
            return try await next(request, context)  // never returned by fault(path:method:)
        }
    }

    private func rewrite(_ response: Response, with rewrites: [(pattern: String, replacement: String)]) async throws -> Response {
        var response = response
        for (pattern, replacement) in rewrites {
            response = try await BodyRewriting.rewrite(response, pattern: pattern, replacement: replacement)
        }
        return response
    }
}
