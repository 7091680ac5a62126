/// Why a ``FaultRule`` cannot be used: the server refuses it (`POST /__admin/faults` answers 400)
/// rather than crash or stall on it.
public struct FaultRuleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, naming the field.
    public let message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

extension Fault {
    /// The largest latency a rule may inject: ten minutes, longer than any client waits.
    public static let maximumLatencyMilliseconds = 600_000
    /// The largest `Retry-After` a rule may send: one day.
    public static let maximumRetryAfterSeconds = 86_400
    /// The largest body `hugeBody` may send: 1 GiB, past every client's size limit.
    public static let maximumHugeBodyMegabytes = 1_024

    /// Checks that the fault can be served: a real HTTP status, and waits a client could sit out.
    public func validate() throws(FaultRuleError) {
        switch self {
        case .latency(let milliseconds):
            guard (0...Self.maximumLatencyMilliseconds).contains(milliseconds) else {
                throw FaultRuleError("latency milliseconds must be 0...\(Self.maximumLatencyMilliseconds), not \(milliseconds)")
            }
        case .status(let code, let error):
            guard (100...599).contains(code) else { throw FaultRuleError("status code must be 100...599, not \(code)") }
            guard (1...200).contains(error.utf8.count) else { throw FaultRuleError("status error must be 1 to 200 bytes") }
        case .tooManyRequests(let seconds):
            guard (0...Self.maximumRetryAfterSeconds).contains(seconds) else {
                throw FaultRuleError("retryAfterSeconds must be 0...\(Self.maximumRetryAfterSeconds), not \(seconds)")
            }
        case .rewriteBody(let pattern, let replacement):
            guard !pattern.isEmpty, pattern.utf8.count <= 10_000, replacement.utf8.count <= 1 << 20 else {
                throw FaultRuleError("rewriteBody pattern must be 1 to 10,000 bytes and its replacement at most 1 MiB")
            }
        case .hugeBody(let megabytes):
            guard (1...Self.maximumHugeBodyMegabytes).contains(megabytes) else {
                throw FaultRuleError("hugeBody megabytes must be 1...\(Self.maximumHugeBodyMegabytes), not \(megabytes)")
            }
        case .lemmyRateLimit, .truncatedBody, .malformedJSON, .closeConnection, .closeAfterHandling:
            break
        }
    }
}

extension FaultRule {
    /// The largest `count` a rule may have.
    public static let maximumCount = 1_000_000

    /// Checks every field: the fault (see ``Fault/validate()``), a rate in 0...1, a count in
    /// 0...``maximumCount``, a method made of letters and a route of printable ASCII.
    public func validate() throws(FaultRuleError) {
        try fault.validate()
        guard rate.isFinite, (0...1).contains(rate) else { throw FaultRuleError("rate must be between 0 and 1, not \(rate)") }
        if let count, !(0...Self.maximumCount).contains(count) {
            throw FaultRuleError("count must be 0...\(Self.maximumCount), not \(count)")
        }
        if let method,
            method.isEmpty || method.utf8.count > 16
                || !method.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) })
        {
            throw FaultRuleError("method must be 1 to 16 ASCII letters")
        }
        if let route, route.utf8.count > 1_000 || !route.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) {
            throw FaultRuleError("route must be at most 1,000 printable ASCII characters without spaces")
        }
    }
}
