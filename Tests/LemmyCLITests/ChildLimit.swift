/// Bounds how many `lemmy` children run at once. Every test in the suite may run in parallel,
/// and dozens of debug binaries starting together starve the in-process servers (of these
/// tests and of other suites) of CPU until their requests time out.
actor ChildLimit {
    static let shared = ChildLimit(slots: 3)

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(slots: Int) { free = slots }

    /// Runs `body` once a slot is free.
    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}
