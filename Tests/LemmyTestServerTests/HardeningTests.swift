import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The test server is safe to leave running: it listens on loopback unless told otherwise,
/// refuses nonsense from its admin API instead of crashing, speaks IPv6 loopback and hands out
/// tokens nobody can guess.
@Suite("Test server hardening")
struct HardeningTests {
    @Test(arguments: ["0.0.0.0", "::", "192.0.2.1", "127.evil.example", "localhost.evil.com"])
    func aNonLoopbackBindIsRefusedUnlessAllowed(_ host: String) async throws {
        do {
            let server = try await LemmyTestServer.start(.init(scale: .tiny, host: host))
            await server.stop()
            Issue.record("bound \(host) without allowsRemoteBinding")
        } catch let error as LemmyTestServerError {
            #expect(error == .nonLoopbackBind(host: host))
            #expect(error.description.contains("allowsRemoteBinding"))
        }
    }

    @Test func anExplicitlyAllowedRemoteBindStarts() async throws {
        try await withServer(.init(scale: .tiny, host: "0.0.0.0", allowsRemoteBinding: true)) { server in
            let version = try await TestClient(server).site().version
            #expect(version == LemmyDialect.v0_19.versionString)
        }
    }

    @Test func itServesOnIPv6Loopback() async throws {
        let server = try await LemmyTestServer.start(.init(scale: .tiny, host: "::1"))
        #expect(server.baseURL.absoluteString == "http://[::1]:\(server.port)")
        let version: Result<String, any Error>
        do { version = .success(try await TestClient(server).site().version) } catch { version = .failure(error) }
        await server.stop()
        #expect(try version.get() == LemmyDialect.v0_19.versionString)
    }

    static let absurdRules: [(String, String)] = [
        (#"{"fault":{"status":{"code":1000,"error":"x"}}}"#, "status"),
        (#"{"fault":{"status":{"code":0,"error":"x"}}}"#, "status"),
        (#"{"fault":{"status":{"code":-5,"error":"x"}}}"#, "status"),
        (#"{"fault":{"status":{"code":99,"error":"x"}}}"#, "status"),
        (#"{"fault":{"latency":{"milliseconds":-1}}}"#, "latency"),
        (#"{"fault":{"latency":{"milliseconds":9223372036854775807}}}"#, "latency"),
        (#"{"fault":{"tooManyRequests":{"retryAfterSeconds":-3}}}"#, "retry"),
        (#"{"fault":{"tooManyRequests":{"retryAfterSeconds":9223372036854775807}}}"#, "retry"),
        (#"{"fault":{"malformedJSON":{}},"count":-1}"#, "count"),
        (#"{"fault":{"malformedJSON":{}},"rate":2}"#, "rate"),
        (#"{"fault":{"malformedJSON":{}},"rate":-0.5}"#, "rate"),
        (#"{"fault":{"malformedJSON":{}},"method":"GET\r\nX: y"}"#, "method"),
        (#"not json"#, "JSON"),
    ]

    @Test(arguments: absurdRules)
    func absurdFaultRulesGetA400AndTheServerStaysUp(_ rule: String, _ named: String) async throws {
        try await withServer(.v0_19) { server in
            let client = TestClient(server)
            let answer = try await client.raw("POST", path: "/__admin/faults", body: Data(rule.utf8))
            #expect(answer.status == 400)
            let message = String(decoding: answer.body, as: UTF8.self)
            #expect(message.contains("invalid_fault_rule"))
            #expect(message.contains(named), "the message names what is wrong: \(message)")
            #expect(server.faults.rules.isEmpty)
            #expect(try await client.site().version == LemmyDialect.v0_19.versionString)
        }
    }

    @Test func anInvalidRuleAddedInProcessDoesNotCrashTheServer() async throws {
        try await withServer(.v0_19) { server in
            #expect(throws: FaultRuleError.self) { try FaultRule(.status(code: 1000, error: "x")).validate() }
            server.faults.add(FaultRule(.status(code: 1000, error: "x")))
            let answer = try await TestClient(server).raw("GET", path: "/api/v3/site")
            #expect(answer.status == 500)
            #expect(String(decoding: answer.body, as: UTF8.self).contains("invalid_fault_rule"))
        }
    }

    @Test func tokensAreUnguessable() async throws {
        var tokens: [String] = []
        for _ in 0..<2 {
            try await withServer(.v0_19, seed: 1) { server in
                let first = try await TestClient(server).login("alice")
                let second = try await TestClient(server).login("alice")
                tokens += [try #require(first.token), try #require(second.token)]
            }
        }
        #expect(Set(tokens).count == tokens.count, "two servers with one seed, or two logins, never share a token")
        for token in tokens {
            #expect(!token.contains("alice"))
            let random = try #require(token.split(separator: ".").last)
            // 256 bits in unpadded base64url is 43 characters.
            #expect(random.count >= 43, "too short to hold 256 random bits: \(token)")
            #expect(random.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        }
        // Nothing in the token counts logins or names the person.
        let parts = tokens.map { $0.split(separator: ".").dropLast().joined(separator: ".") }
        #expect(Set(parts).count == 1, "only a fixed header precedes the random part: \(parts)")
    }
}
