import ArgumentParser
import Foundation
import LemmyTestServer

/// `lemmy demo`: starts a seeded LemmyTestServer in this process and tours the library.
struct DemoCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Tour LemmyKit against a seeded test server started in this process (no network needed).")

    @Option(name: .long, help: "The Lemmy version the server imitates.")
    var dialect: LemmyDialect = .v0_19

    @Option(name: .long, help: "How much seeded data (tiny or small).")
    var scale: SeedScale = .small

    func validate() throws {
        guard scale != .large else { throw ValidationError("the demo uses --scale tiny or small (large takes minutes to seed)") }
    }

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let started = ContinuousClock.now
        let server: LemmyTestServer
        do {
            server = try await LemmyTestServer.start(dialect: dialect, scale: scale, seed: 1)
        } catch {
            throw CLIFailure("demo: starting the test server failed (\(CLIFailure.shorten("\(error)")))", status: .software)
        }
        let renderer = HumanRenderer.forTerminal()
        Console.out(
            renderer.style.bold("LemmyKit demo")
                + " — a Lemmy \(server.dialect.versionString) test server in this process at \(server.baseURL) (\(scale.rawValue) seed, no network)"
        )
        var tour = DemoTour(server: server, renderer: renderer)
        do {
            try await tour.run()
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        let elapsed = ContinuousClock.now - started
        Console.out(renderer.style.dim("finished in \(elapsed.formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow)))"))
    }
}
