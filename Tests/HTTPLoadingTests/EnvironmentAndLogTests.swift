import Foundation
@testable import HTTPLoading
import HTTPLoadingTesting
import HTTPTypes
import Logging
import Testing
import Locking

@Suite struct EnvironmentAndLogTests {
    @Test func environmentCompletesRelativeRequests() async throws {
        let mock = MockLoader()
        let environment = try #require(ServerEnvironment(baseURL: URL(string: "https://lemmy.test:8443/api/v3")!, userAgent: "LemmyKit/1"))
        let chain = ServerEnvironmentLoader(environment) --> mock
        mock.respond()
        mock.respond()
        _ = try await chain.load(LoadRequest(path: "/post/list", queryItems: [URLQueryItem(name: "sort", value: "New")]))
        var custom = LoadRequest(path: "/site")
        custom.headerFields[.userAgent] = "Custom"
        _ = try await chain.load(custom)
        let sent = mock.receivedRequests
        #expect(sent[0].url?.absoluteString == "https://lemmy.test:8443/api/v3/post/list?sort=New")
        #expect(sent[0].headerFields[.userAgent] == "LemmyKit/1")
        #expect(sent[1].headerFields[.userAgent] == "Custom")
    }

    @Test func absoluteRequestsKeepTheirOriginAndAPerRequestEnvironmentWins() async throws {
        let mock = MockLoader()
        let chain = ServerEnvironmentLoader(ServerEnvironment(host: "a.test", pathPrefix: "/api")) --> mock
        mock.respond()
        mock.respond()
        _ = try await chain.load(makeRequest(.get, "/x"))
        var request = LoadRequest(path: "/y")
        request.options[ServerEnvironmentOption.self] = ServerEnvironment(host: "b.test")
        _ = try await chain.load(request)
        #expect(mock.receivedRequests.map { $0.url?.absoluteString } == ["https://example.test/x", "https://b.test/y"])
    }

    /// A default given twice is sent twice, whether the request brings fields of its own or
    /// none (then it takes the defaults whole); a field the request has is never replaced.
    @Test func defaultFieldsAreAddedWholeUnlessTheRequestNamesThem() async throws {
        var defaults = HTTPFields()
        defaults.append(HTTPField(name: .accept, value: "application/json"))
        defaults.append(HTTPField(name: .accept, value: "text/plain"))
        defaults.append(HTTPField(name: .userAgent, value: "LemmyKit/1"))
        let mock = MockLoader()
        let chain = ServerEnvironmentLoader(ServerEnvironment(host: "a.test", headerFields: defaults)) --> mock
        mock.respond()
        mock.respond()
        _ = try await chain.load(LoadRequest(path: "/bare"))
        var own = LoadRequest(path: "/own")
        own.headerFields[.userAgent] = "Custom"
        _ = try await chain.load(own)
        let sent = mock.receivedRequests
        #expect(sent[0].headerFields[values: .accept] == ["application/json", "text/plain"])
        #expect(sent[0].headerFields[.userAgent] == "LemmyKit/1")
        #expect(sent[1].headerFields[values: .accept] == ["application/json", "text/plain"])
        #expect(sent[1].headerFields[values: .userAgent] == ["Custom"])
    }

    /// The loader builds the origin's fields once per environment: a new one must replace them.
    @Test func aChangedEnvironmentReachesTheNextRequest() async throws {
        let mock = MockLoader()
        let loader = ServerEnvironmentLoader(ServerEnvironment(host: "a.test", headerFields: [.userAgent: "One/1"]))
        let chain = loader --> mock
        mock.respond()
        mock.respond()
        _ = try await chain.load(LoadRequest(path: "/x"))
        loader.environment = ServerEnvironment(scheme: "http", host: "b.test", port: 8536, headerFields: [.userAgent: "Two/2"])
        _ = try await chain.load(LoadRequest(path: "/y"))
        #expect(mock.receivedRequests.map { $0.url?.absoluteString } == ["https://a.test/x", "http://b.test:8536/y"])
        #expect(mock.receivedRequests.map { $0.headerFields[.userAgent] } == ["One/1", "Two/2"])
        #expect(loader.environment.authority == "b.test:8536")
    }

    @Test func queryItemsRoundTripAndEncodePlus() {
        var request = LoadRequest(path: "/search")
        request.queryItems = [URLQueryItem(name: "q", value: "a+b c"), URLQueryItem(name: "page", value: "2")]
        #expect(request.head.path == "/search?q=a%2Bb%20c&page=2")
        #expect(request.queryItems.map(\.value) == ["a+b c", "2"])
    }

    @Test func logLoaderRedactsSecrets() async throws {
        let (logger, store) = CapturingLogHandler.logger(level: .trace)
        let mock = MockLoader()
        let chain = LogLoader(logger: logger) --> mock
        var request = LoadRequest(url: URL(string: "https://lemmy.test/api/v3/post/list?auth=SECRET1&limit=5")!)
        request.headerFields[.authorization] = "Bearer SECRET2"
        request.headerFields[.cookie] = "jwt=SECRET3"
        mock.respond(headerFields: [.setCookie: "jwt=SECRET4"], body: Data("{}".utf8))
        _ = try await chain.load(request)
        let text = store.messages.joined(separator: "\n")
        for secret in ["SECRET1", "SECRET2", "SECRET3", "SECRET4"] { #expect(!text.contains(secret)) }
        #expect(text.contains("auth=<redacted>&limit=5"))
        #expect(text.contains("200 GET https://lemmy.test/api/v3/post/list"))
    }

    /// The completion line is logged at the loader's level when the logger takes that level, and
    /// only then (LemmyKit's default chain logs at debug under apps at info). The loader skips
    /// building it otherwise; this checks that skipping never drops a line that is due.
    @Test(arguments: [(Logger.Level.debug, true), (.info, false)])
    func theCompletionLineFollowsTheLoggersLevel(loggerLevel: Logger.Level, logged: Bool) async throws {
        let (logger, store) = CapturingLogHandler.logger(level: loggerLevel)
        let mock = MockLoader()
        let chain = LogLoader(logger: logger, level: .debug) --> mock
        mock.respond(body: Data("{}".utf8))
        _ = try await chain.load(LoadRequest(url: URL(string: "https://lemmy.test/api/v3/site")!))
        #expect(store.messages.contains { $0.hasPrefix("200 GET https://lemmy.test/api/v3/site ") } == logged)
    }

    @Test func theCompletionLineNamesStatusMethodTargetTimeAndSize() {
        let absolute = LoadRequest(url: URL(string: "https://lemmy.test:8443/api/v3/post/list?auth=S&q=%C3%A9t%C3%A9")!)
        let response = LoadResponse(request: absolute, status: .notFound, body: Data(count: 12_345))
        #expect(
            LogLoader.completionLine(response, target: .init(absolute.head), milliseconds: 1_234)
                == "404 GET https://lemmy.test:8443/api/v3/post/list?auth=<redacted>&q=%C3%A9t%C3%A9 1234 ms 12345 B")
        let relative = LoadRequest(method: .post, path: "/été")
        #expect(
            LogLoader.completionLine(LoadResponse(request: relative, status: .ok), target: .init(relative.head), milliseconds: 0)
                == "200 POST /été 0 ms 0 B")
    }

    @Test(arguments: [
        ("/p", "/p"),
        ("/p?limit=5&page=2", "/p?limit=5&page=2"),
        ("/p?auth=s", "/p?auth=<redacted>"),
        ("/p?AUTH=s&x=1", "/p?AUTH=<redacted>&x=1"),
        ("/p?x=1&Password=s", "/p?x=1&Password=<redacted>"),
        ("/p?%61uth=s", "/p?%61uth=<redacted>"),
        ("/p?x=auth&authx=1&xauth=2", "/p?x=auth&authx=1&xauth=2"),
        ("/p?token", "/p?token=<redacted>"),
        ("/p?a=1&&jwt=s&", "/p?a=1&&jwt=<redacted>&"),
        ("/p?api_key=s&access_token=t", "/p?api_key=<redacted>&access_token=<redacted>"),
        // A combining mark makes "?́" and "=́" single Characters; the query is still split at the bytes.
        ("/p?\u{301}=x&auth=s", "/p?\u{301}=x&auth=<redacted>"),
        ("/p?auth=\u{301}s&x=1", "/p?auth=<redacted>&x=1"),
    ])
    func redactedPathHidesSecretParametersOnly(path: String, expected: String) {
        #expect(Redaction.redactedPath(path) == expected)
    }

    /// The byte pre-check lets a path through untouched only when no parameter is a secret: every
    /// query of up to four pieces agrees with a plain split-and-decode of its names.
    @Test func redactedPathAgreesWithAPlainSearchOnEveryShortQuery() {
        // "\u{301}" combines with a "?" or "=" before it into one Character: the search is by bytes.
        let pieces = ["auth", "AuTh", "jwt", "x", "%61uth", "toke", "tokenx", "=", "&", "v", "API_KEY", "é", "\u{301}"]
        var queries = [""]
        for _ in 0..<4 { queries += queries.flatMap { query in pieces.map { query + $0 } } }
        var disagreements = 0
        for query in Set(queries) {
            let path = "/p?" + query
            let hasSecret = Array(query.utf8).split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).contains { pair in
                let nameBytes = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)[0]
                let name = String(decoding: nameBytes, as: UTF8.self)
                return Redaction.secretParameters.contains((name.removingPercentEncoding ?? name).lowercased())
            }
            if (Redaction.redactedPath(path) != path) != hasSecret { disagreements += 1 }
        }
        #expect(disagreements == 0)
    }

    @Test func logLoaderLogsCancellationAtDebugNotAsAWarning() async throws {
        let (logger, store) = CapturingLogHandler.logger(level: .info)
        let mock = MockLoader()
        mock.fail(with: .cancelled)
        let chain = LogLoader(logger: logger) --> mock
        _ = try? await chain.load(makeRequest())
        #expect(store.messages.isEmpty)
        mock.fail(with: .timedOut)
        _ = try? await chain.load(makeRequest())
        #expect(store.lines.withLock { $0.first?.0 } == .warning)
    }

    @Test func errorDescriptionsNeverContainSecrets() {
        let request = LoadRequest(url: URL(string: "https://lemmy.test/api/v3/user?auth=TOPSECRET")!)
        let error = LoadError(.timedOut, request: request)
        #expect(!error.description.contains("TOPSECRET"))
        #expect(error.description.contains("auth=<redacted>"))
    }

    @Test func validationRejectsWithTheResponseAndAllowsOverrides() async throws {
        let mock = MockLoader()
        let chain = ValidationLoader() --> mock
        mock.respond(status: .notFound, body: Data("nope".utf8))
        do {
            _ = try await chain.load(makeRequest())
            Issue.record("expected failure")
        } catch {
            #expect(error.code == .unacceptableStatus)
            #expect(error.response?.body == Data("nope".utf8))
        }
        mock.respond(status: .notFound)
        var lenient = makeRequest()
        lenient.options[StatusPolicyOption.self] = .any
        #expect(try await chain.load(lenient).status == .notFound)
    }
}
