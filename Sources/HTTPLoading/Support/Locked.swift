import Foundation

/// A value guarded by a lock, for the small pieces of shared state in loaders.
///
/// Built on `NSLock` (a pthread mutex) rather than `Synchronization.Mutex`: on Linux the latter
/// waits on a raw futex that ThreadSanitizer cannot see, so every access it guards is reported as
/// a race and real races drown among false ones. With a pthread mutex, `swift test
/// --sanitize=thread` checks the loaders for real.
public final class Locked<Value>: @unchecked Sendable {
    // Unchecked: every access to `value` happens inside `lock`.
    private let lock = NSLock()
    private var value: Value

    /// Creates a lock guarding `value`.
    public init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
