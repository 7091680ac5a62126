import Foundation
import HTTPLoading
import HTTPTypes
import Testing

/// Both terminals against a server that trickles, floods or compresses hostilely, over real HTTP
/// on loopback.
@Suite struct HostileTransportTests {
    @Test(arguments: Terminal.allCases)
    func aTricklingBodyIsCutOffAtTheDeadline(_ terminal: Terminal) async throws {
        try await HostileServer.with { server in
            try await terminal.with { (transport: any HTTPLoader) async throws in
                var request = LoadRequest(url: server.url("trickle"))
                request.options[TimeoutOption.self] = .seconds(5)
                request.options[RequestDeadlineOption.self] = .milliseconds(300)
                let clock = ContinuousClock()
                let began = clock.now
                do {
                    let response = try await transport.load(request)
                    Issue.record("the trickle was read to its end: \(response.body.count) bytes in \(clock.now - began)")
                } catch let error as LoadError {
                    let elapsed = clock.now - began
                    print("\(terminal.rawValue): trickling body cut off after \(elapsed) (deadline 300 ms)")
                    #expect(error.code == .timedOut)
                    #expect(error.isTransient)
                    // The trickle lasts 8 s or more; a cut-off long before that is the deadline's.
                    #expect(elapsed < .seconds(4))
                }
            }
        }
    }

    @Test(arguments: Terminal.allCases)
    func aBodyPastTheSizeLimitIsAbandonedWhileStreaming(_ terminal: Terminal) async throws {
        try await HostileServer.with { server in
            try await terminal.with { (transport: any HTTPLoader) async throws in
                var request = LoadRequest(url: server.url("large"))
                request.options[MaximumResponseSizeOption.self] = 1 << 20
                do {
                    let response = try await transport.load(request)
                    Issue.record("a \(response.body.count)-byte body was accepted over a 1 MiB limit")
                } catch let error as LoadError {
                    #expect(error.code == .responseTooLarge)
                }
                // The server cannot finish once the client has hung up, so a body written to its end
                // was read to its end. (What it wrote before noticing sits in socket and server
                // buffers, tens of MiB, so the count says little about how much the client read.)
                let written = server.largeBytesWritten
                print("\(terminal.rawValue): server wrote \(written >> 10) KiB of \(HostileServer.largeSize >> 10) KiB before the client gave up")
                #expect(written < HostileServer.largeSize)
            }
        }
    }

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

    @Test func theDeadlineDefaultsToOneMinute() {
        #expect(LoadRequest(url: URL(string: "https://lemmy.ml")!).options[RequestDeadlineOption.self] == .seconds(60))
        #expect(MaximumDecompressionRatioOption.defaultValue == 200)
    }
}
