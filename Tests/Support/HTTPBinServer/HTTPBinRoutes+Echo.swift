import Foundation
import HTTPTypes
import Hummingbird

extension HTTPBinRoutes {
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
}
