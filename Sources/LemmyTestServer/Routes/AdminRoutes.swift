import Foundation
import Hummingbird
import NIOFoundationEssentialsCompat

/// `/__admin`: fault control for out-of-process clients (the CLI server, wrk, other languages).
///
/// - `GET /__admin/faults`: `{"rules":[FaultRule], "fired":[Int]}`
/// - `POST /__admin/faults` with a ``FaultRule`` as JSON, e.g.
///   `{"fault":{"status":{"code":500,"error":"internal_server_error"}},"route":"/post/list","rate":0.5,"seed":7}`
///   or `{"fault":{"tooManyRequests":{"retryAfterSeconds":3}},"rate":1,"count":2,"seed":1}`
/// - `DELETE /__admin/faults`: removes every rule.
///
/// A rule that does not decode or fails ``FaultRule/validate()`` gets a 400
/// `{"error":"invalid_fault_rule","message":"..."}` naming the field.
///
/// - `GET /__admin/emails`: the emails the server would have sent, with their links
///   (``LemmyTestServer/emails()``), as `[TestServerEmail]` in JSON.
enum AdminRoutes {
    struct Listing: Codable {
        var rules: [FaultRule]
        var fired: [Int]
    }

    static func add(
        to router: Router<LemmyRequestContext>, injector: FaultInjector, store: LemmyStore, clock: @escaping @Sendable () -> Date,
        recorder: RouteRecorder
    ) {
        for method in [HTTPRequest.Method.get, .post, .delete] { recorder.record(method, "/__admin/faults") }
        recorder.record(.get, "/__admin/emails")
        router.get("/__admin/emails") { _, _ -> Response in
            let emails = try store.with { db in db.emailsSent(now: clock().timeIntervalSince1970) }
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            return APIRoutes.json(try encoder.encode(emails), status: .ok)
        }
        router.get("/__admin/faults") { _, _ -> Response in
            let data = try JSONEncoder().encode(Listing(rules: injector.rules, fired: injector.fireCounts))
            return APIRoutes.json(data, status: .ok)
        }
        router.post("/__admin/faults") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 1 << 20)
            let rule: FaultRule
            do {
                rule = try JSONDecoder().decode(FaultRule.self, from: Data(buffer: body))
            } catch {
                return AdminRoutes.invalid("the body is not a fault rule in JSON: \(error)")
            }
            do throws(FaultRuleError) {
                try rule.validate()
            } catch {
                return AdminRoutes.invalid(error.message)
            }
            injector.add(rule)
            return APIRoutes.json(Data(#"{"success":true}"#.utf8), status: .ok)
        }
        router.delete("/__admin/faults") { _, _ -> Response in
            injector.clear()
            return APIRoutes.json(Data(#"{"success":true}"#.utf8), status: .ok)
        }
    }

    /// A 400 naming what is wrong with the rule.
    private static func invalid(_ message: String) -> Response {
        let body = (try? JSONEncoder().encode(["error": "invalid_fault_rule", "message": message])) ?? Data()
        return APIRoutes.json(body, status: .badRequest)
    }
}
