@testable import LemmyCLI
import Logging
import Synchronization
import Testing

/// `LEMMY_LOG`'s output: a server's text in the log cannot drive the terminal.
@Suite("log output")
struct LogSetupTests {
    /// What the handler wrote, line by line.
    final class Written: Sendable {
        let lines = Mutex<[String]>([])
    }

    @Test func controlsInMessagesAndMetadataAreReplacedAndTheLineStaysOne() {
        let written = Written()
        let stream = TerminalSafeLogStream { line in written.lines.withLock { $0.append(line) } }
        let logger = Logger(label: "lemmy.test") { LogSetup.handler(label: $0, level: .trace, stream: stream) }
        // A response header holding 8-bit CSI (clear screen) and OSC (retitle), as LogLoader logs it.
        logger.trace("response headers: x-evil: \u{9b}2J\nforged", metadata: ["x-title": "\u{9d}0;pwned\u{9c}"])
        let lines = written.lines.withLock { $0 }
        #expect(lines.count == 1)
        let line = lines.first ?? ""
        #expect(!line.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        #expect(line.hasSuffix("response headers: x-evil: \u{FFFD}\u{FFFD}forged\n"))
        #expect(line.contains("x-title=\u{FFFD}"))
    }

    @Test func ordinaryLinesAreWrittenAsTheyAre() {
        #expect(TerminalSafeLogStream.clean("trace lemmy: → GET /api/v3/site\n") == "trace lemmy: → GET /api/v3/site\n")
    }
}
