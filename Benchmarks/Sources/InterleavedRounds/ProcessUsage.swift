#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The CPU time and context switches of the whole process so far (`getrusage`): all its
/// threads, event loops included.
///
/// Wall time at some concurrency hides where a client's cost goes on a two-core machine: work
/// added to one thread also makes the others sleep and wake more often, and each wake-up costs
/// system time. The difference of two readings taken around some work tells both apart.
public struct ProcessUsage: Sendable {
    /// CPU time in user mode, in microseconds.
    public var userMicroseconds: Double
    /// CPU time in the kernel on the process's behalf, in microseconds.
    public var systemMicroseconds: Double
    /// Times a thread gave up its core to wait (for a lock, an event, I/O).
    public var voluntarySwitches: Double
    /// Times the scheduler took a core from a thread that could have gone on.
    public var involuntarySwitches: Double

    /// All zero: the sum of nothing.
    public static let zero = ProcessUsage(userMicroseconds: 0, systemMicroseconds: 0, voluntarySwitches: 0, involuntarySwitches: 0)

    /// The process's usage now.
    public static func now() -> ProcessUsage {
        var usage = rusage()
        #if canImport(Glibc) || canImport(Musl)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return ProcessUsage(
            userMicroseconds: Double(usage.ru_utime.tv_sec) * 1e6 + Double(usage.ru_utime.tv_usec),
            systemMicroseconds: Double(usage.ru_stime.tv_sec) * 1e6 + Double(usage.ru_stime.tv_usec),
            voluntarySwitches: Double(usage.ru_nvcsw), involuntarySwitches: Double(usage.ru_nivcsw))
    }

    /// The usage between `earlier` and `later`.
    public static func - (later: ProcessUsage, earlier: ProcessUsage) -> ProcessUsage {
        ProcessUsage(
            userMicroseconds: later.userMicroseconds - earlier.userMicroseconds,
            systemMicroseconds: later.systemMicroseconds - earlier.systemMicroseconds,
            voluntarySwitches: later.voluntarySwitches - earlier.voluntarySwitches,
            involuntarySwitches: later.involuntarySwitches - earlier.involuntarySwitches)
    }

    /// The sum of two usages.
    public static func + (a: ProcessUsage, b: ProcessUsage) -> ProcessUsage {
        ProcessUsage(
            userMicroseconds: a.userMicroseconds + b.userMicroseconds, systemMicroseconds: a.systemMicroseconds + b.systemMicroseconds,
            voluntarySwitches: a.voluntarySwitches + b.voluntarySwitches, involuntarySwitches: a.involuntarySwitches + b.involuntarySwitches
        )
    }

    /// This usage shared out over `count` pieces of work.
    public func per(_ count: Int) -> ProcessUsage {
        let count = Double(count)
        return ProcessUsage(
            userMicroseconds: userMicroseconds / count, systemMicroseconds: systemMicroseconds / count,
            voluntarySwitches: voluntarySwitches / count, involuntarySwitches: involuntarySwitches / count)
    }
}
