import Foundation
import HTTPLoading
import HTTPLoadingTesting
import HTTPTypes
import LemmyAPI
import Testing

/// The default chain over a terminal the caller gives, as an app that configures its own
/// transport (or a benchmark measuring the chain) builds it.
@Suite struct DefaultLoaderTests {
    @Test func theDefaultChainSendsThroughTheTerminalItIsGiven() async throws {
        let terminal = MockLoader()
        terminal.respond(body: Data(#"{"ok":true}"#.utf8))
        let chain = LemmyRawClient.defaultLoader(
            instanceURL: URL(string: "https://lemmy.example")!, userAgent: "DefaultLoaderTests/1", terminal: terminal)

        let response = try await chain.load(LoadRequest(path: "/api/v3/site"))

        // The chain's environment made the request absolute and named the app before the terminal saw it.
        let sent = try #require(terminal.receivedRequests.first)
        #expect(sent.url?.absoluteString == "https://lemmy.example/api/v3/site")
        #expect(sent.headerFields[.userAgent] == "DefaultLoaderTests/1")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true}"#)
        #expect(terminal.unexpectedRequests.isEmpty)
    }
}
