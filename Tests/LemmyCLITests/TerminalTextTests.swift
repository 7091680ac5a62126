import Foundation
import LemmyCLI
import Testing

/// The one sanitiser for text printed for people: nothing a server sends can drive the terminal.
@Suite("terminal text")
struct TerminalTextTests {
    static let hostileTitle = "\u{1b}]0;PWNED\u{7}\u{1b}]52;c;aGVsbG8=\u{7}Free stuff"

    @Test func oscSequencesAreRemovedWhole() {
        let clean = TerminalText.sanitize(Self.hostileTitle)
        #expect(clean == "\u{FFFD}\u{FFFD}Free stuff")
        #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func csiAndOtherEscapesAreRemoved() {
        #expect(TerminalText.sanitize("a\u{1b}[2Jb\u{1b}[31;1mc\u{1b}(Bd\u{1b}7e") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e")
        // An OSC ended by ST (ESC \) and a DCS string, and an escape cut off at the end.
        #expect(TerminalText.sanitize("x\u{1b}]8;;http://e\u{1b}\\y\u{1b}Pq#0\u{1b}\\z\u{1b}") == "x\u{FFFD}y\u{FFFD}z\u{FFFD}")
        // Unterminated OSC swallows the rest rather than reaching the terminal.
        #expect(TerminalText.sanitize("ok\u{1b}]0;title") == "ok\u{FFFD}")
    }

    @Test func c1ControlsIncludingEightBitCSIAndOSC() {
        #expect(TerminalText.sanitize("a\u{9b}31mb\u{9d}0;t\u{9c}c\u{85}d") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d")
    }

    @Test func c0ControlsAndDelete() {
        #expect(TerminalText.sanitize("a\rb\u{8}c\u{7}d\u{7f}e\u{0}f") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f")
    }

    @Test func bidiOverridesAndIsolates() {
        let text = "abc\u{202E}fed\u{202C} \u{2066}x\u{2069}\u{202A}\u{202B}\u{202D}\u{2067}\u{2068}"
        let clean = TerminalText.sanitize(text)
        #expect(!clean.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
        #expect(clean == "abc\u{FFFD}fed\u{FFFD} \u{FFFD}x\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}")
    }

    @Test func layoutWhitespaceIsKeptOnlyWhenWanted() {
        #expect(TerminalText.sanitize("a\nb\tc") == "a\nb\tc")
        #expect(TerminalText.sanitize("a\nb\tc", keepLayout: false) == "a\u{FFFD}b\u{FFFD}c")
    }

    @Test func ordinaryTextIsUntouched() {
        let text = "naïve café — 日本語 😀👩‍👩‍👧 ▲12 pts · “quoted”"
        #expect(TerminalText.sanitize(text) == text)
    }

    @Test func onlyTheStylesOwnColorsPassWhenAllowed() {
        let styled = Style(enabled: true).bold("t") + Style(enabled: true).red("r")
        #expect(TerminalText.sanitize(styled, allowingStyle: true) == styled)
        #expect(TerminalText.sanitize(styled) == "\u{FFFD}t\u{FFFD}\u{FFFD}r\u{FFFD}")
        // Anything else stays out even when colour is on.
        #expect(TerminalText.sanitize("\u{1b}[2J\u{1b}]0;x\u{7}", allowingStyle: true) == "\u{FFFD}\u{FFFD}")
    }

    @Test func jsonKeepsItsValueAndLosesRawControls() throws {
        struct Box: Codable, Equatable { var title: String }
        let value = Box(title: Self.hostileTitle + "\u{9b}2J\u{202E}evil")
        let text = try JSONOutput.render(value)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) })
        #expect(try JSONOutput.decoder().decode(Box.self, from: Data(text.utf8)) == value)
    }
}
