import Synchronization

/// The fault rules of a running server; change them at any time, in process or through
/// `POST /__admin/faults`.
public final class FaultInjector: Sendable {
    private struct Entry: Sendable {
        var rule: FaultRule
        var rng: SplitMix64
        var fired = 0
    }

    private let entries = Mutex<[Entry]>([])

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

    /// The fault for one request, if any rule hits. Deterministic for a given sequence of requests.
    func fault(path: String, method: String) -> Fault? {
        entries.withLock { entries in
            for index in entries.indices where entries[index].rule.matches(path: path, method: method) {
                if let count = entries[index].rule.count, entries[index].fired >= count { continue }
                let rate = entries[index].rule.rate
                guard rate >= 1 || entries[index].rng.unit() < rate else { continue }
                entries[index].fired += 1
                return entries[index].rule.fault
            }
            return nil
        }
    }
}
