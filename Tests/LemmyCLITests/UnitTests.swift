import Foundation
import LemmyCLI
import LemmyMiddleware
import Testing
import LemmyAPI
import LemmyTestServer

@Suite("terminal width")
struct TerminalWidthTests {
    @Test func terminalWins() {
        #expect(TerminalWidth.resolve(ioctlColumns: 132, environment: ["COLUMNS": "60"]) == 132)
    }

    @Test func columnsWhenNoTerminal() {
        #expect(TerminalWidth.resolve(ioctlColumns: nil, environment: ["COLUMNS": "60"]) == 60)
        #expect(TerminalWidth.resolve(ioctlColumns: 0, environment: ["COLUMNS": " 90 "]) == 90)
    }

    @Test func fallbackIs80() {
        #expect(TerminalWidth.resolve(ioctlColumns: nil, environment: [:]) == 80)
        #expect(TerminalWidth.resolve(ioctlColumns: nil, environment: ["COLUMNS": "wide"]) == 80)
        #expect(TerminalWidth.resolve(ioctlColumns: nil, environment: ["COLUMNS": "-3"]) == 80)
    }

    @Test func neverNarrowerThan20() {
        #expect(TerminalWidth.resolve(ioctlColumns: 5, environment: [:]) == 20)
    }
}

@Suite("color")
struct ColorPolicyTests {
    @Test func onlyOnATerminalWithoutNoColor() {
        #expect(ColorPolicy.decide(isTerminal: true, environment: [:]))
        #expect(!ColorPolicy.decide(isTerminal: false, environment: [:]))
        #expect(!ColorPolicy.decide(isTerminal: true, environment: ["NO_COLOR": "1"]))
        // no-color.org: present with any value, even empty, disables colour.
        #expect(!ColorPolicy.decide(isTerminal: true, environment: ["NO_COLOR": ""]))
        #expect(!ColorPolicy.decide(isTerminal: true, environment: ["TERM": "dumb"]))
    }

    @Test func plainStyleWritesNoEscapes() {
        #expect(Style(enabled: false).bold("x") == "x")
        #expect(Style(enabled: true).bold("x") == "\u{1B}[1mx\u{1B}[0m")
    }
}

@Suite("text fitting")
struct TextFittingTests {
    @Test func truncateCutsWithEllipsis() {
        #expect(TextFitting.truncate("hello world", to: 8) == "hello w…")
        #expect(TextFitting.truncate("short", to: 8) == "short")
        #expect(TextFitting.truncate("two\nlines", to: 20) == "two lines")
    }

    @Test func wrapKeepsEveryLineWithinWidth() {
        let text = "The quick brown fox jumps over the lazy dog and keeps running along the riverbank"
        let lines = TextFitting.wrap(text, width: 20, indent: "  ")
        #expect(lines.count > 3)
        #expect(lines.allSatisfy { $0.count <= 20 && $0.hasPrefix("  ") })
        #expect(lines.map { $0.dropFirst(2) }.joined(separator: " ") == text)
    }

    @Test func wrapCutsOverlongWords() {
        let lines = TextFitting.wrap(String(repeating: "x", count: 25), width: 10)
        #expect(lines == ["xxxxxxxxxx", "xxxxxxxxxx", "xxxxx"])
    }

    @Test func wrapCutsALongWordIntoFullLinesInOrder() {
        // Digits and clusters of several scalars, so a line out of order or a split grapheme shows.
        let word = (0..<3_000).map { $0 % 7 == 0 ? "👩‍👩‍👧" : String($0 % 10) }.joined()
        let lines = TextFitting.wrap(word + " tail", width: 30, indent: "  ")
        let chunks = stride(from: 0, to: word.count, by: 28).map { String(word.dropFirst($0).prefix(28)) }
        #expect(lines == chunks.dropLast().map { "  " + $0 } + ["  " + chunks[chunks.count - 1] + " tail"])
    }

    @Test func wrapShowsOnlyTheStartOfAHugeText() {
        let lines = TextFitting.wrap(String(repeating: "a", count: 1_000_000), width: 80)
        // 65,536 characters: 819 full lines and one of 16, then what was left out.
        #expect(lines.count == 821)
        #expect(lines.dropLast().allSatisfy { $0.count <= 80 })
        #expect(lines.dropLast().joined() == String(repeating: "a", count: TextFitting.bodyLimit))
        #expect(lines.last == "… (934464 more characters)")
    }

    @Test func wrapSaysHowMuchItLeftOut() {
        #expect(TextFitting.wrap("one two three four", width: 20, indent: "> ", limit: 7) == ["> one two", "> … (11 more characters)"])
        #expect(TextFitting.wrap("one two", width: 20, limit: 7) == ["one two"])
    }
}

@Suite("configuration file")
struct ConfigStoreTests {
    @Test func savedFileIsMode0600EvenOverAnOpenFile() throws {
        let config = try TemporaryConfig()
        try FileManager.default.createDirectory(
            at: config.url.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try Data("{}".utf8).write(to: config.url)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config.url.path)
        let store = ConfigStore(url: config.url)
        try store.save(ConfigFile(instance: "https://lemmy.ml", username: "alice", token: "secret"))
        let mode = try FileManager.default.attributesOfItem(atPath: config.url.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(try store.load() == ConfigFile(instance: "https://lemmy.ml", username: "alice", token: "secret"))
    }

    @Test func newDirectoryIsPrivate() throws {
        let config = try TemporaryConfig()
        try ConfigStore(url: config.url).save(ConfigFile(instance: "https://lemmy.ml"))
        let mode =
            try FileManager.default.attributesOfItem(atPath: config.url.deletingLastPathComponent().path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o700)
    }

    @Test func missingFileIsEmptyAndBadFileIsBadData() throws {
        let config = try TemporaryConfig()
        #expect(try ConfigStore(url: config.url).load() == ConfigFile())
        let bad = config.directory.appendingPathComponent("bad.json")
        try Data("not json".utf8).write(to: bad)
        #expect(throws: CLIFailure.self) { try ConfigStore(url: bad).load() }
        do { _ = try ConfigStore(url: bad).load() } catch { #expect(error.status == .badData) }
    }

    @Test func locationOrder() {
        let home = "/home/u"
        #expect(ConfigLocation.resolve(explicit: "/x/c.json", environment: ["LEMMY_CONFIG": "/y"], home: home).path == "/x/c.json")
        #expect(
            ConfigLocation.resolve(explicit: nil, environment: ["LEMMY_CONFIG": "/y/c.json", "XDG_CONFIG_HOME": "/xdg"], home: home).path
                == "/y/c.json")
        #expect(
            ConfigLocation.resolve(explicit: nil, environment: ["XDG_CONFIG_HOME": "/xdg"], home: home).path == "/xdg/lemmy/config.json")
        #expect(
            ConfigLocation.resolve(explicit: nil, environment: ["XDG_CONFIG_HOME": "relative"], home: home).path
                == "/home/u/.config/lemmy/config.json")
        #expect(ConfigLocation.resolve(explicit: nil, environment: [:], home: home).path == "/home/u/.config/lemmy/config.json")
    }
}

@Suite("exit statuses")
struct ExitStatusTests {
    @Test(arguments: [
        (ApiClientError.transport("refused"), LemmyCLI.ExitStatus.unavailable),
        (.notLoggedIn, .auth),
        (.permissionDenied(.readOnly), .auth),
        (.rateLimited, .temporary),
        (.httpStatus(503), .temporary),
        (.httpStatus(404), .software),
        (.lemmy(.couldntFindPost), .software),
        (.decoding("bad"), .badData),
        (.unsupported("0.17"), .unsupported),
    ])
    func mapping(error: ApiClientError, status: LemmyCLI.ExitStatus) {
        let failure = CLIFailure(error, action: "loading the feed", instance: "https://lemmy.ml")
        #expect(failure.status == status)
        #expect(failure.message.hasPrefix("loading the feed"))
        #expect(!failure.message.contains("\n"))
    }

    @Test func aServersRefusalIsOneLineOfBoundedLength() {
        let code = LemmyErrorCode.unknown("nope\nLogged in as admin on https://lemmy.ml.")
        let message = "why\n" + String(repeating: "x", count: 100_000)
        let failure = CLIFailure(.lemmy(code, message: message), action: "loading the feed", instance: "https://lemmy.ml")
        #expect(!failure.message.contains { $0.isNewline })
        #expect(failure.message.hasPrefix("loading the feed failed: https://lemmy.ml refused with `nope Logged in as admin"))
        #expect(failure.message.count < 400)
    }

    @Test func codesAreDistinctAndDocumented() {
        let codes = LemmyCLI.ExitStatus.allCases.map(\.rawValue)
        #expect(Set(codes).count == codes.count)
        for code in codes { #expect(LemmyCLI.ExitStatus.table.contains("  \(code) ")) }
    }
}

@Suite("fault specs")
struct FaultSpecTests {
    @Test func keyValueForm() throws {
        let rule = try FaultSpec.parse("status=503,route=/post/list,count=2,rate=0.5")
        #expect(rule.fault == .status(code: 503, error: "internal_server_error"))
        #expect(rule.route == "/post/list" && rule.count == 2 && rule.rate == 0.5)
        #expect(try FaultSpec.parse("rate-limit").fault == .lemmyRateLimit)
        #expect(try FaultSpec.parse("latency=200,method=GET").fault == .latency(milliseconds: 200))
    }

    @Test func jsonForm() throws {
        let rule = try FaultSpec.parse(#"{"fault":{"closeConnection":{}},"route":"/site"}"#)
        #expect(rule.fault == .closeConnection && rule.route == "/site")
    }

    @Test func badSpecsAreUsageErrors() {
        for spec in ["", "status=abc", "status=500,close", "bogus=1", "close,rate=2"] {
            do {
                _ = try FaultSpec.parse(spec)
                Issue.record("accepted \(spec)")
            } catch {
                #expect(error.status == .usage)
            }
        }
    }
}

@Suite("instance URLs")
@MainActor
struct InstanceURLTests {
    @Test func bareHostMeansHTTPS() throws {
        #expect(try Session.parse("lemmy.ml").absoluteString == "https://lemmy.ml")
        #expect(try Session.parse("https://lemmy.ml/").absoluteString == "https://lemmy.ml")
        #expect(try Session.parse("http://127.0.0.1:8536").absoluteString == "http://127.0.0.1:8536")
    }

    @Test func plainHTTPOffLoopbackAndJunkAreUsageErrors() {
        for text in ["http://lemmy.ml", "ftp://lemmy.ml", "https://"] {
            do {
                _ = try Session.parse(text)
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.status == .usage)
            }
        }
    }
}
