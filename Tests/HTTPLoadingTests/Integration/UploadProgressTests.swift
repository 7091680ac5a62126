import Foundation
import HTTPLoading
import HTTPTypes
import Locking
import Testing

#if os(Linux)
import Glibc
#endif

/// ``UploadProgressOption`` over loopback, in both terminals: a body of several pieces reports
/// rising counts ending at its size, and nothing arrives once the load has returned or thrown.
@Suite("Upload progress")
struct UploadProgressTests {
    /// The reports of one load, and any that came after the test said the load was over.
    final class Recorder: Sendable {
        private struct State {
            var reports: [UploadProgress] = []
            var closed = false
            var late = 0
        }
        private let state = Locked(State())
        private let first: AsyncStream<Void>.Continuation
        /// Yields once, at the first report.
        let firstReport: AsyncStream<Void>

        init() { (firstReport, first) = AsyncStream.makeStream(of: Void.self) }

        func record(_ progress: UploadProgress) {
            state.withLock { state in
                if state.closed { state.late += 1 }
                state.reports.append(progress)
            }
            first.yield()
            first.finish()
        }

        /// Ends the wait for a first report (the load ended without one).
        func stopWaiting() { first.finish() }

        /// The load is over: later reports count as late.
        func close() { state.withLock { $0.closed = true } }
        var reports: [UploadProgress] { state.withLock { $0.reports } }
        var late: Int { state.withLock { $0.late } }
    }

    /// A body of 1 MiB and a bit: sixteen and more pieces of 64 KiB.
    static let body = Data((0..<((1 << 20) + 12_345)).map { UInt8(truncatingIfNeeded: $0) })

    @Test("A body of several pieces reports rising counts that end at its size", arguments: Terminal.allCases)
    func progress(terminal: Terminal) async throws {
        let recorder = Recorder()
        var request = try await HTTPBin.request("/post", method: .post)
        request.body = DataBody(Self.body, contentType: "application/octet-stream")
        request.options[UploadProgressOption.self] = { recorder.record($0) }
        try await terminal.with { loader in
            let response = try await loader.load(request)
            #expect(response.head.status.code == 200)
            recorder.close()
            // Another exchange on the same loader: anything still queued for the first would show.
            _ = try await loader.load(try await HTTPBin.request("/get"))
        }
        let reports = recorder.reports
        // AsyncHTTPClient reports each 64 KiB piece; URLSession on Linux as often as
        // FoundationNetworking's libcurl loop says it sent (for 1 MiB, one to a few times).
        #expect(reports.count >= (terminal == .asyncHTTPClient ? Self.body.count / UploadProgressReporter.chunkSize : 1), "\(reports)")
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.bytesSent < $1.bytesSent }, "\(reports)")
        #expect(reports.allSatisfy { $0.totalBytes == Self.body.count && $0.bytesSent > 0 })
        #expect(reports.last?.bytesSent == Self.body.count)
        #expect(recorder.late == 0)
    }

    @Test("A request without a handler or without a body reports nothing", arguments: Terminal.allCases)
    func nothingToReport(terminal: Terminal) async throws {
        let recorder = Recorder()
        var request = try await HTTPBin.request("/get")
        request.options[UploadProgressOption.self] = { recorder.record($0) }
        try await terminal.with { loader in _ = try await loader.load(request) }
        #expect(recorder.reports.isEmpty)
    }

    #if os(Linux)
    @Test("A cancelled upload reports nothing after the load threw", arguments: Terminal.allCases)
    func cancelled(terminal: Terminal) async throws {
        let listener = try SilentListener()
        defer { listener.stop() }
        let recorder = Recorder()
        // 64 MiB to a server that never reads: the upload stalls once the socket buffers are full.
        var request = LoadRequest(method: .post, url: listener.url)
        request.body = DataBody(Data(count: 64 << 20))
        // Bounds the test should no report ever come (then the load times out and the test fails).
        request.options[RequestDeadlineOption.self] = .seconds(30)
        request.options[UploadProgressOption.self] = { recorder.record($0) }
        let stalled = request
        try await terminal.with { loader in
            let upload = Task { () async throws -> LoadResponse in
                defer { recorder.stopWaiting() }
                return try await loader.load(stalled)
            }
            var first = recorder.firstReport.makeAsyncIterator()
            _ = await first.next()
            upload.cancel()
            let result = await upload.result
            recorder.close()
            #expect(throws: LoadError.self) { try result.get() }
            _ = try await loader.load(try await HTTPBin.request("/get"))
        }
        let reports = recorder.reports
        #expect(!reports.isEmpty)
        #expect((reports.last?.bytesSent ?? 0) < 64 << 20)
        #expect(recorder.late == 0)
    }
    #endif
}

#if os(Linux)
/// A loopback socket that listens and never accepts: the kernel completes connections, and the
/// bytes a client sends pile up in the socket buffers until they are full.
final class SilentListener: Sendable {
    let url: URL
    private let socket: Int32

    init() throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let socket = socket
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound, listen(socket, 8) == 0 else {
            close(socket)
            throw POSIXError(.EADDRINUSE)
        }
        url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/upload")!
    }

    func stop() { close(socket) }
}
#endif
