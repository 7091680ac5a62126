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
}
