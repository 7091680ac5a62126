internal import Locking
import HTTPLoading

/// The fault rules of a running server; change them at any time, in process or through
/// `POST /__admin/faults`.
public final class FaultInjector: Sendable {
    private struct Entry: Sendable {
        var rule: FaultRule
        var rng: SplitMix64
        var fired = 0
    }

    private let entries = Locked<[Entry]>([])

    /// Creates an injector with no rules.
    public init() {}

    /// Adds a rule; rules are tried in the order added.
    public func add(_ rule: FaultRule) {
        entries.withLock { $0.append(Entry(rule: rule, rng: SplitMix64(seed: rule.seed))) }
    }

    /// Removes every rule.
    public func clear() { entries.withLock { $0.removeAll() } }

    /// The current rules.
    public var rules: [FaultRule] { entries.withLock { $0.map(\.rule) } }

    /// How many times each rule has fired, in rule order.
    public var fireCounts: [Int] { entries.withLock { $0.map(\.fired) } }

    /// The fault for one request, if any rule hits (body rewrites aside: see
    /// ``rewrites(path:method:)``). Deterministic for a given sequence of requests.
    func fault(path: String, method: String) -> Fault? {
        entries.withLock { entries in
            for index in entries.indices
            where !entries[index].rule.fault.isRewrite && Self.fires(&entries[index], path: path, method: method) {
                return entries[index].rule.fault
            }
            return nil
        }
    }

    /// Every body rewrite that hits this request, in rule order: unlike other faults, rewrites
    /// combine (one for the upvotes, one for the titles, ...).
    func rewrites(path: String, method: String) -> [(pattern: String, replacement: String)] {
        entries.withLock { entries in
            entries.indices.compactMap { index in
                guard case let .rewriteBody(pattern, replacement) = entries[index].rule.fault,
                    Self.fires(&entries[index], path: path, method: method)
                else { return nil }
                return (pattern, replacement)
            }
        }
    }

    /// Whether the entry's rule hits this request; counts the hit.
    private static func fires(_ entry: inout Entry, path: String, method: String) -> Bool {
        guard entry.rule.matches(path: path, method: method) else { return false }
        if let count = entry.rule.count, entry.fired >= count { return false }
        let rate = entry.rule.rate
        guard rate >= 1 || entry.rng.unit() < rate else { return false }
        entry.fired += 1
        return true
    }
}
