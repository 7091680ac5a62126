import Foundation
import LemmyCLI
import Testing

/// `lemmy serve` as a long-running child process.
@Suite("lemmy serve")
struct ServeCommandTests {
    @Test("serves the seeded data with the given faults, and stops on SIGTERM")
    func serveWithFaults() async throws {
        let server = try await LemmyBinary.launch([
            "serve", "--dialect", "1.0", "--scale", "tiny", "--port", "0",
            "--fault", "rate-limit,route=/comment/list",
        ])
        // "Lemmy 1.0.0-beta.1 test server (tiny, seed 1) on http://127.0.0.1:PORT"
        #expect(server.firstLine.contains("Lemmy 1.0.0-beta.1 test server"), "\(server.firstLine)")
        let url = try #require(server.firstLine.split(separator: " ").last.map(String.init))
        let feed = try await LemmyBinary.run(["feed", "--instance", url, "--limit", "3", "--json"])
        #expect(feed.status == 0, "\(feed)")
        let posts = try JSONOutput.decoder().decode(FeedOutput.self, from: Data(feed.stdout.utf8)).posts
        #expect(posts.count == 3)
        let post = try await LemmyBinary.run(["post", "\(posts[0].id)", "--instance", url])
        #expect(post.status == LemmyCLI.ExitStatus.temporary.rawValue, "the comment fault did not apply: \(post)")
        let status = await server.stop()
        #expect(status == 0)
    }

    @Test("a bad --fault is a usage error")
    func badFault() async throws {
        let result = try await LemmyBinary.run(["serve", "--port", "0", "--fault", "explode"])
        #expect(result.status == LemmyCLI.ExitStatus.usage.rawValue, "\(result)")
        #expect(result.stderr.contains("unknown key `explode`"))
    }

    @Test("a non-loopback --host needs --allow-remote")
    func remoteBindNeedsAllowRemote() async throws {
        let result = try await LemmyBinary.run(["serve", "--port", "0", "--scale", "tiny", "--host", "0.0.0.0"])
        #expect(result.status == LemmyCLI.ExitStatus.usage.rawValue, "\(result)")
        #expect(result.stderr.contains("--allow-remote"), "\(result)")
    }

    @Test("--allow-remote binds a wildcard address")
    func allowRemoteBinds() async throws {
        let server = try await LemmyBinary.launch(["serve", "--scale", "tiny", "--port", "0", "--host", "0.0.0.0", "--allow-remote"])
        #expect(server.firstLine.contains("test server"), "\(server.firstLine)")
        // A wildcard bind is reached over loopback.
        let url = try #require(server.firstLine.split(separator: " ").last.map(String.init))
        #expect(url.hasPrefix("http://127.0.0.1:"))
        let feed = try await LemmyBinary.run(["feed", "--instance", url, "--limit", "1", "--json"])
        #expect(feed.status == 0, "\(feed)")
        #expect(await server.stop() == 0)
    }

    @Test("an absurd --fault is a usage error, not a crash")
    func absurdFault() async throws {
        let result = try await LemmyBinary.run(["serve", "--port", "0", "--fault", "status=1000"])
        #expect(result.status == LemmyCLI.ExitStatus.usage.rawValue, "\(result)")
        #expect(result.stderr.contains("status code must be 100...599"), "\(result)")
    }
}
