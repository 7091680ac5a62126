import Foundation
public import LemmyTestServer

/// Parses `lemmy serve --fault` values into the test server's `FaultRule`s.
///
/// Either the rule's JSON (as `POST /__admin/faults` takes it), or comma-separated `key=value`
/// pairs: exactly one fault (`status=503`, `latency=200`, `retry-after=5`, `rate-limit`,
/// `truncated`, `malformed`, `close`, `close-after`) and optional `route=/post/list`, `method=GET`,
/// `rate=0.5`, `count=3`, `seed=7`, `error=internal_server_error` (the Lemmy error of `status`).
public enum FaultSpec {
    /// The rule `text` describes, checked with `FaultRule.validate()` (a status of 1000 or a
    /// negative latency is a usage error, not a crash of the server).
    public static func parse(_ text: String) throws(CLIFailure) -> FaultRule {
        let rule = try parseUnchecked(text)
        do throws(FaultRuleError) { try rule.validate() } catch { throw bad(text, error.message) }
        return rule
    }

    private static func parseUnchecked(_ text: String) throws(CLIFailure) -> FaultRule {
        if text.trimmingCharacters(in: .whitespaces).hasPrefix("{") {
            do { return try JSONDecoder().decode(FaultRule.self, from: Data(text.utf8)) } catch {
                throw bad(text, "invalid JSON rule: \(CLIFailure.shorten("\(error)"))")
            }
        }
        var fault: Fault?
        var route: String?
        var method: String?
        var rate = 1.0
        var count: Int?
        var seed: UInt64 = 1
        var error: String?
        var status: Int?
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
            let key = pair[0]
            let value = pair.count > 1 ? pair[1] : nil
            func number<T: LosslessStringConvertible>(_: T.Type) throws(CLIFailure) -> T {
                guard let value, let parsed = T(value) else { throw bad(text, "`\(key)` needs a number") }
                return parsed
            }
            func set(_ new: Fault) throws(CLIFailure) {
                guard fault == nil, status == nil else { throw bad(text, "more than one fault") }
                fault = new
            }
            switch key {
            case "status":
                guard fault == nil else { throw bad(text, "more than one fault") }
                status = try number(Int.self)
            case "latency": try set(.latency(milliseconds: try number(Int.self)))
            case "retry-after": try set(.tooManyRequests(retryAfterSeconds: try number(Int.self)))
            case "rate-limit": try set(.lemmyRateLimit)
            case "truncated": try set(.truncatedBody)
            case "malformed": try set(.malformedJSON)
            case "close": try set(.closeConnection)
            case "close-after": try set(.closeAfterHandling)
            case "route": route = value
            case "method": method = value
            case "rate": rate = try number(Double.self)
            case "count": count = try number(Int.self)
            case "seed": seed = try number(UInt64.self)
            case "error": error = value
            default: throw bad(text, "unknown key `\(key)`")
            }
        }
        if let status { fault = .status(code: status, error: error ?? (status >= 500 ? "internal_server_error" : "unknown")) }
        guard let fault else {
            throw bad(text, "no fault given (status=, latency=, retry-after=, rate-limit, truncated, malformed, close, close-after)")
        }
        guard (0...1).contains(rate) else { throw bad(text, "rate must be between 0 and 1") }
        return FaultRule(fault, route: route, method: method, rate: rate, count: count, seed: seed)
    }

    private static func bad(_ text: String, _ reason: String) -> CLIFailure {
        CLIFailure("bad --fault `\(text)`: \(reason)", status: .usage)
    }
}
