import Foundation
import LemmyTestServer
import Subprocess
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// What one run of the built `lemmy` binary produced.
struct RunResult: Sendable, CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    /// The non-empty lines of standard error.
    var errorLines: [String] { stderr.split(whereSeparator: \.isNewline).map(String.init) }

    var description: String { "exit \(status)\n--- stdout\n\(stdout)\n--- stderr\n\(stderr)" }
}

/// Runs the `lemmy` executable that `swift build`/`swift test` put next to the test bundle.
enum LemmyBinary {
    /// The binary: `LEMMY_BINARY` if set, else `lemmy` in the products directory (the directory
    /// of the test runner, or of the bundle on platforms where tests run from an `.xctest` bundle).
    static let url: URL? = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["LEMMY_BINARY"] { return URL(fileURLWithPath: path) }
        var candidates: [URL] = []
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(runner.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        return candidates.map { $0.appendingPathComponent("lemmy") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `lemmy arguments`, feeding `input` to standard input, with `environment` added to a
    /// clean environment (no colour, a fixed width, the given config file).
    static func run(
        _ arguments: [String], config: URL? = nil, input: String? = nil,
        environment: [String: String] = [:]
    ) async throws -> RunResult {
        try await ChildLimit.shared.run { try await runNow(arguments, config: config, input: input, environment: environment) }
    }

    /// Runs the child with swift-subprocess, not Foundation's `Process`: on Linux, `Process.run()`
    /// lists /proc/self/fd with a read that can run past glibc's buffer and crash the test runner
    /// when it has many descriptors open (swiftlang/swift-corelibs-foundation#5472, fixed after
    /// Swift 6.3.1), and the parallel tests keep about 2,000 sockets open at their peak.
    private static func runNow(
        _ arguments: [String], config: URL?, input: String?,
        environment: [String: String]
    ) async throws -> RunResult {
        guard let url else { throw BinaryMissing() }
        var env = ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path, "NO_COLOR": "1", "COLUMNS": "100"]
        if let config { env["LEMMY_CONFIG"] = config.path }
        env.merge(environment) { $1 }
        let result = try await Subprocess.run(
            .path(FilePath(url.path)), arguments: Arguments(arguments),
            environment: .custom(Dictionary(uniqueKeysWithValues: env.map { (Environment.Key(stringLiteral: $0.key), $0.value) })),
            input: .string(input ?? ""), output: .string(limit: 64 << 20), error: .string(limit: 64 << 20))
        let status: Int32
        switch result.terminationStatus {
        case .exited(let code): status = code
        case .signaled(let signal): status = 128 + signal
        }
        return RunResult(status: status, stdout: result.standardOutput, stderr: result.standardError)
    }

    private static func drain(_ handle: FileHandle) async -> Data {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: handle.readDataToEndOfFile())
            }
        }
    }

    struct BinaryMissing: Error, CustomStringConvertible {
        var description: String {
            "the lemmy binary was not found next to the tests; run `swift build --product lemmy` or set LEMMY_BINARY"
        }
    }
}

/// A temporary directory for one test's configuration file, removed at the end.
final class TemporaryConfig {
    let directory: URL
    var url: URL { directory.appendingPathComponent("lemmy/config.json") }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lemmy-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// A configuration in which `user` (password `password`) is logged in to `server`, through the
    /// binary's own `login --password-stdin`.
    static func loggedIn(_ server: LemmyTestServer, as user: String = "alice") async throws -> TemporaryConfig {
        let config = try TemporaryConfig()
        let login = try await LemmyBinary.run(
            ["login", user, "--instance", server.baseURL.absoluteString, "--password-stdin"],
            config: config.url, input: "password\n")
        try #require(login.status == 0, "\(login)")
        return config
    }
}

/// A `lemmy` child that keeps running (e.g. `serve`), started by ``LemmyBinary/launch(_:)``.
final class RunningLemmy: Sendable {
    let process: Process
    /// The first line it printed.
    let firstLine: String
    private let exited: AsyncStream<Int32>

    init(process: Process, firstLine: String, exited: AsyncStream<Int32>) {
        self.process = process
        self.firstLine = firstLine
        self.exited = exited
    }

    /// Sends SIGTERM and returns the exit status.
    func stop() async -> Int32 {
        process.terminate()
        var status: Int32 = -1
        for await code in exited { status = code }
        return status
    }
}

extension LemmyBinary {
    /// Starts `lemmy arguments` and returns once it has printed its first line.
    static func launch(_ arguments: [String]) async throws -> RunningLemmy {
        guard let url else { throw BinaryMissing() }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "NO_COLOR": "1"]
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        let exited = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { process in
            exited.continuation.yield(process.terminationStatus)
            exited.continuation.finish()
        }
        try process.run()
        let handle = stdout.fileHandleForReading
        let line = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            // Reads until the first newline, then keeps draining so the child never blocks on a full pipe.
            Thread.detachNewThread {
                var buffer = Data()
                var resumed = false
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    buffer.append(chunk)
                    if !resumed, let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                        resumed = true
                        continuation.resume(returning: String(decoding: buffer[..<newline], as: UTF8.self))
                    }
                }
                if !resumed { continuation.resume(returning: String(decoding: buffer, as: UTF8.self)) }
            }
        }
        return RunningLemmy(process: process, firstLine: line, exited: exited.stream)
    }
}
