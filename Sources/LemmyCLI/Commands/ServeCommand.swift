public import ArgumentParser
import Foundation
import LemmyTestServer

extension LemmyDialect: ExpressibleByArgument {}

extension SeedScale: ExpressibleByArgument {}

/// `lemmy serve`: runs the in-memory LemmyTestServer until interrupted.
struct ServeCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the seeded LemmyTestServer (for trying lemmy or an app without a real instance).",
        discussion: """
            Faults: --fault 'status=503,route=/post/list,count=2' (also latency=MS, retry-after=SECS, rate-limit, \
            truncated, malformed, close; with route=, method=, rate=0..1, count=, seed=), or a JSON rule. Change them \
            while it runs with POST /__admin/faults. Accounts admin, alice, bob and carol have the password `password`.
            """)

    @Option(name: .long, help: "The Lemmy version to imitate.")
    var dialect: LemmyDialect = .v0_19

    @Option(name: .long, help: "How much seeded data.")
    var scale: SeedScale = .small

    @Option(name: .long, help: "The port (0 picks a free one).")
    var port = 8536

    @Option(name: .long, help: "The address to bind (loopback unless --allow-remote).")
    var host = "127.0.0.1"

    @Flag(name: .long, help: "Allow binding an address other machines can reach; the server has no real authentication.")
    var allowRemote = false

    @Option(name: .long, help: "The data seed (same seed, same data).")
    var seed: UInt64 = 1

    @Option(name: .long, help: ArgumentHelp("A fault rule; repeat for more.", valueName: "spec"))
    var fault: [String] = []

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        var rules: [FaultRule] = []
        for spec in fault { rules.append(try FaultSpec.parse(spec)) }
        let server: LemmyTestServer
        do {
            server = try await LemmyTestServer.start(
                .init(
                    dialect: dialect, scale: scale, seed: seed, host: host, port: port,
                    allowsRemoteBinding: allowRemote))
        } catch let error as LemmyTestServerError {
            throw CLIFailure("starting the test server failed: \(error)", status: .usage)
        } catch {
            throw CLIFailure(
                "starting the test server failed on \(host):\(port) (\(CLIFailure.shorten("\(error)"))); is the port in use? try --port 0",
                status: .unavailable)
        }
        for rule in rules { server.faults.add(rule) }
        Console.out("Lemmy \(server.dialect.versionString) test server (\(scale.rawValue), seed \(seed)) on \(server.baseURL)")
        Console.out("accounts admin, alice, bob, carol (password: password); \(rules.count) fault rule(s); Ctrl-C stops")
        Console.out("try: lemmy feed --instance \(server.baseURL)")
        let signals = Self.stopOnSignals(server)
        do { try await server.waitUntilStopped() } catch {
            throw CLIFailure("the test server stopped: \(CLIFailure.shorten("\(error)"))", status: .software)
        }
        withExtendedLifetime(signals) {}
    }

    /// Stops the server gracefully on SIGINT and SIGTERM.
    private static func stopOnSignals(_ server: LemmyTestServer) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { Task { await server.stop() } }
            source.resume()
            return source
        }
    }
}
