import Foundation
import HTTPLoading
import HTTPTypes
import Testing

/// Both terminals against a server that trickles, floods or compresses hostilely, over real HTTP
/// on loopback.
@Suite struct HostileTransportTests {
    @Test(arguments: Terminal.allCases)
    func aTricklingBodyIsCutOffAtTheDeadline(_ terminal: Terminal) async throws {
        // The trickle lasts 20 s or more; a cut-off long before that is the deadline's (the margin
        // is for a loaded CI machine: 5.1 s was seen with two builds running).
        try await expectCutOffAtTheDeadline(terminal, route: "trickle", timeout: .seconds(5), within: .seconds(12))
    }

    /// Transports trap on a negative size or duration (a negative body limit reached a
    /// precondition in AsyncHTTPClient, a negative duration overflowed NIO's time amount).
    @Test(arguments: Terminal.allCases)
    func aNegativeLimitIsAnInvalidRequestNotACrash(_ terminal: Terminal) async throws {
        try await HostileServer.with { server in
            try await terminal.with { (transport: any HTTPLoader) async throws in
                var limits: [(String, (inout LoadRequest) -> Void)] = []
                limits.append(("size", { $0.options[MaximumResponseSizeOption.self] = -1 }))
                limits.append(("ratio", { $0.options[MaximumDecompressionRatioOption.self] = -1 }))
                limits.append(("timeout", { $0.options[TimeoutOption.self] = .seconds(-1) }))
                limits.append(("deadline", { $0.options[RequestDeadlineOption.self] = .seconds(Int64.min / 2) }))
                for (name, setLimit) in limits {
                    var request = LoadRequest(url: server.url("ok"))
                    setLimit(&request)
                    do {
                        let response = try await transport.load(request)
                        Issue.record("a negative \(name) limit was sent and answered \(response.status)")
                    } catch let error as LoadError {
                        #expect(error.code == .invalidRequest, "\(name): \(error)")
                    }
                }
            }
        }
    }

    @Test(arguments: Terminal.allCases)
    func responseFieldNamesKeepTheirSpellingAndMatchInAnyCase(_ terminal: Terminal) async throws {
        try await HostileServer.with { server in
            try await terminal.with { (transport: any HTTPLoader) async throws in
                let response = try await transport.load(LoadRequest(url: server.url("cased")))
                let mixed = try #require(response.headerFields.first { $0.name.canonicalName == "x-mixed-case" })
                let lower = try #require(response.headerFields.first { $0.name.canonicalName == "x-lower-case" })
                #expect(mixed.value == "one" && lower.value == "two")
                #expect(response.headerFields[HTTPField.Name("x-MIXED-case")!] == "one")
                // URLSession canonicalises names its own way; AsyncHTTPClient hands them on as sent.
                if terminal == .asyncHTTPClient {
                    #expect(mixed.name.rawName == "X-Mixed-Case")
                    #expect(lower.name.rawName == "x-lower-case")
                }
            }
        }
    }

    @Test(arguments: Terminal.allCases)
    func aBodyThatStallsAfterItsHeadIsCutOffAtTheDeadline(_ terminal: Terminal) async throws {
        // The next byte comes 10 s after the first: a deadline checked only when a byte arrives
        // would end the load then (the margin is for a loaded machine).
        try await expectCutOffAtTheDeadline(terminal, route: "stall", timeout: .seconds(30), within: .seconds(9))
    }

    /// Loads `route` with a deadline of 300 ms and the idle `timeout`, expects a transient
    /// timeout `within` the given time, then a next request on the same transport to succeed:
    /// the cut-off exchange left nothing behind for it to trip on.
    private func expectCutOffAtTheDeadline(
        _ terminal: Terminal, route: String, timeout: Duration, within bound: Duration
    ) async throws {
        try await HostileServer.with { server in
            try await terminal.with { (transport: any HTTPLoader) async throws in
                var request = LoadRequest(url: server.url(route))
                request.options[TimeoutOption.self] = timeout
                request.options[RequestDeadlineOption.self] = .milliseconds(300)
                let clock = ContinuousClock()
                let began = clock.now
                do {
                    let response = try await transport.load(request)
                    Issue.record("/\(route) was read to its end: \(response.body.count) bytes in \(clock.now - began)")
                } catch let error as LoadError {
                    let elapsed = clock.now - began
                    print("\(terminal.rawValue): /\(route) cut off after \(elapsed) (deadline 300 ms)")
                    #expect(error.code == .timedOut)
                    #expect(error.isTransient)
                    #expect(elapsed < bound)
                }
                #expect(try await transport.load(LoadRequest(url: server.url("ok"))).status == .ok)
            }
        }
    }

    #if os(Linux)
    @Test(arguments: Terminal.allCases)
    func aBodyPastTheSizeLimitIsAbandonedWhileStreaming(_ terminal: Terminal) async throws {
        let server = try BlockingBodyServer()
        defer { server.stop() }
        try await terminal.with { (transport: any HTTPLoader) async throws in
            var request = LoadRequest(url: server.url)
            request.options[MaximumResponseSizeOption.self] = 1 << 20
            // Only the size limit may end it: on a starved machine (the sanitizer run beside other
            // work) reaching 1 MiB once took longer than the default one-minute deadline.
            request.options[RequestDeadlineOption.self] = .seconds(600)
            request.options[TimeoutOption.self] = .seconds(600)
            do {
                let response = try await transport.load(request)
                Issue.record("a \(response.body.count)-byte body was accepted over a 1 MiB limit")
            } catch let error as LoadError {
                #expect(error.code == .responseTooLarge)
            }
            // The server's writes return once the kernel has the bytes, so it is at most socket
            // buffers (a few MiB) ahead of the client's transport; a client that read on took the
            // whole GiB. Typically 1-3 MiB get out. FoundationNetworking hands data to the
            // delegate asynchronously, with no backpressure on libcurl, so on a starved CPU it
            // reads on until the cancellation lands (up to ~100 MiB seen with four builds running).
            let written = server.bytesWritten
            print(
                "\(terminal.rawValue): server wrote \(written >> 10) KiB of \(BlockingBodyServer.bodySize >> 10) KiB before the client gave up (limit 1024 KiB)"
            )
            // AsyncHTTPClient has backpressure: the bound is tight.
            guard terminal == .urlSession else {
                #expect(written < BlockingBodyServer.bodySize / 4)
                return
            }
            // URLSession gives the same typed error, but how much FoundationNetworking reads first
            // depends on when its cancellation runs on its work queue, behind the transfer's own
            // callbacks: usually 5-70 MiB, but 281 MiB, 599 MiB and the whole GiB (under TSan) were
            // seen on CI runs. Nothing the loader does can bound it (it cancels at the first byte
            // past the limit and holds none of them), so the bound is an intermittent known issue.
            withKnownIssue("FoundationNetworking reads on until its cancellation lands", isIntermittent: true) {
                #expect(written < BlockingBodyServer.bodySize / 2)
            }
        }
    }
    #endif

    @Test(arguments: Terminal.allCases)
    func aDecompressionBombIsRefused(_ terminal: Terminal) async throws {
        try await HostileServer.with { server in
            try await terminal.with { (transport: any HTTPLoader) async throws in
                let request = LoadRequest(url: server.url("bomb"))
                do {
                    let response = try await transport.load(request)
                    Issue.record("a \(response.body.count)-byte body inflated from \(GzipZeros.data.count) bytes was accepted")
                } catch let error as LoadError {
                    #expect(error.code == .responseTooLarge)
                }
            }
        }
    }

    @Test(arguments: Terminal.allCases)
    func aChunkedDecompressionBombStopsAtTheSizeLimit(_ terminal: Terminal) async throws {
        // Without Content-Length, FoundationNetworking cannot tell the ratio; the size limit,
        // counted in decompressed bytes, still holds.
        try await HostileServer.with { server in
            try await terminal.with { (transport: any HTTPLoader) async throws in
                var request = LoadRequest(url: server.url("bomb-chunked"))
                request.options[MaximumResponseSizeOption.self] = 1 << 20
                do {
                    let response = try await transport.load(request)
                    Issue.record("a \(response.body.count)-byte inflated body was accepted over a 1 MiB limit")
                } catch let error as LoadError {
                    #expect(error.code == .responseTooLarge)
                }
            }
        }
    }

    @Test(arguments: Terminal.allCases)
    func cancellingTheCallerIsACancellationNotATimeout(_ terminal: Terminal) async throws {
        try await HostileServer.with { server in
            try await terminal.with { (transport: any HTTPLoader) async throws in
                var request = LoadRequest(url: server.url("trickle"))
                request.options[RequestDeadlineOption.self] = .seconds(30)
                let load = Task { try await transport.load(request) }
                load.cancel()
                do {
                    _ = try await load.value
                    Issue.record("a cancelled load completed")
                } catch let error as LoadError {
                    #expect(error.code == .cancelled)
                }
            }
        }
    }

    /// The caller may cancel at any moment of a load: before the terminal starts the exchange,
    /// while it starts it, with the answer in flight or just arrived. Each load must end at once,
    /// as cancelled unless its answer was already complete. On Linux, URLSession lost a task
    /// cancelled before its delegate knew it (the load then waited for ever: a CI run timed out)
    /// and trapped on a task cancelled just as it ended.
    ///
    /// The time limit is a backstop: a load that outlives its cancel fails the expectations
    /// below once its trickle ends (20 s). Alone it takes about 2 s under the thread sanitizer,
    /// but the sanitizer run starts every suite at once on two cores, where it once took over
    /// a minute while other work loaded the machine.
    @Test(.timeLimit(.minutes(3)), arguments: Terminal.allCases)
    func aCancelAtAnyMomentEndsTheLoad(_ terminal: Terminal) async throws {
        try await HostileServer.with { server in
            try await terminal.with { (transport: any HTTPLoader) async throws in
                var cancelled = 0
                for attempt in 0..<400 {
                    // Half the loads trickle for 20 s; half answer at once and may win the race.
                    let trickles = attempt % 2 == 0
                    var request = LoadRequest(url: server.url(trickles ? "trickle" : "ok"))
                    request.options[RequestDeadlineOption.self] = .seconds(60)
                    let load = Task { try await transport.load(request) }
                    // Lets the load run a little further each attempt before the cancel lands.
                    for _ in 0..<(attempt % 40) { await Task.yield() }
                    load.cancel()
                    do {
                        _ = try await load.value
                        #expect(!trickles, "a trickling load completed after its cancel (attempt \(attempt))")
                    } catch let error as LoadError {
                        #expect(error.code == .cancelled, "attempt \(attempt): \(error)")
                        cancelled += 1
                    }
                }
                #expect(cancelled >= 200)
            }
        }
    }

    @Test(arguments: Terminal.allCases)
    func aDroppedConnectionFailsAtOnceNotAtTheDeadline(_ terminal: Terminal) async throws {
        try await HostileServer.with { server in
            try await terminal.with { (transport: any HTTPLoader) async throws in
                // A first exchange leaves a connection for the POST to reuse, as in an app.
                _ = try await transport.load(LoadRequest(url: server.url("ok")))
                let body = DataBody(Data(#"{"a":1}"#.utf8), contentType: "application/json")
                var request = LoadRequest(method: .post, url: server.url("drop"), body: body)
                request.options[RequestDeadlineOption.self] = .seconds(10)
                do {
                    let response = try await transport.load(request)
                    Issue.record("a dropped exchange answered \(response.status)")
                } catch let error as LoadError {
                    #expect(error.isTransient)
                    // Waiting out the deadline would turn every lost answer into a stall.
                    if terminal == .urlSession && Self.foundationNetworking {
                        withKnownIssue("libcurl-based URLSession waits for the deadline (why Linux's default terminal is AHC)") {
                            #expect(error.code != .timedOut, "\(terminal.rawValue): \(error)")
                        }
                    } else {
                        #expect(error.code != .timedOut, "\(terminal.rawValue): \(error)")
                    }
                }
            }
        }
    }

    /// Whether URLSession is FoundationNetworking's (libcurl), not Apple's.
    static var foundationNetworking: Bool {
        #if canImport(FoundationNetworking)
        true
        #else
        false
        #endif
    }

    @Test func theDeadlineDefaultsToOneMinute() {
        #expect(LoadRequest(url: URL(string: "https://lemmy.ml")!).options[RequestDeadlineOption.self] == .seconds(60))
        #expect(MaximumDecompressionRatioOption.defaultValue == 200)
    }
}
