import Foundation
import HTTPTypes
import Hummingbird

extension HTTPBinRoutes {
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
}
