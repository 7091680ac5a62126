import Foundation
import HTTPTypes
import Hummingbird

extension HTTPBinRoutes {
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
            let colon = text.firstIndex(of: ":")
        else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }
}
