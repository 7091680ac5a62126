/// The one sanitiser for text the `lemmy` command prints for people.
///
/// Titles, names, bodies and server messages come from servers the user does not control. A
/// terminal acts on control characters and escape sequences in what it prints: an OSC sequence
/// can retitle the window or write the clipboard (`ESC ] 52`), CSI can clear the screen or move
/// the cursor, a carriage return can overwrite a line, and bidi overrides make text read
/// differently from what it is. ``sanitize(_:keepLayout:allowingStyle:)`` replaces each control
/// character, and each whole escape sequence, with one visible U+FFFD, so hostile text can
/// neither act on the terminal nor hide that it tried. ``Console`` runs everything through it.
public enum TerminalText {
    /// What replaces a control character or an escape sequence.
    public static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// `text` with C0 and C1 controls, DEL, escape sequences (CSI, OSC, DCS, SOS, PM, APC and
    /// two- or three-byte escapes, in their 7- and 8-bit forms) and bidi embeddings, overrides and
    /// isolates (U+202A–U+202E, U+2066–U+2069) each shown as U+FFFD.
    ///
    /// - Parameters:
    ///   - text: what a server or a person sent, about to be written to a terminal.
    ///   - keepLayout: keep newlines and tabs (the layout's own line breaks and indents).
    ///   - allowingStyle: keep exactly the SGR sequences ``Style`` writes (`ESC [ 1 m`, ...), for
    ///     coloured output; every other sequence is still replaced.
    public static func sanitize(_ text: String, keepLayout: Bool = true, allowingStyle: Bool = false) -> String {
        // Fast path: most text has nothing to replace.
        guard text.unicodeScalars.contains(where: needsWork) else { return text }
        var output = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if keepLayout, scalar == "\n" || scalar == "\t" {
                output.append(scalar)
                index += 1
            } else if let end = sequenceEnd(scalars, from: index) {
                if allowingStyle, let style = styleSequence(scalars[index..<end]) {
                    output.append(contentsOf: style.unicodeScalars)
                } else {
                    output.append(replacement)
                }
                index = end
            } else if isControl(scalar) || isBidiControl(scalar) {
                output.append(replacement)
                index += 1
            } else {
                output.append(scalar)
                index += 1
            }
        }
        return String(output)
    }

    /// Whether `scalar` needs a look: a control, a bidi control or an 8-bit sequence introducer.
    static func needsWork(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || isBidiControl(scalar)
    }

    /// C0 controls, DEL and C1 controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Bidi embeddings, overrides and isolates: they reorder what follows them on the line.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// The index just past the escape sequence starting at `start`, or nil if none starts there.
    /// A sequence cut off by the end of the text runs to the end.
    static func sequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        let first = scalars[start].value
        switch first {
        case 0x1B:
            guard start + 1 < scalars.count else { return scalars.count }
            let second = scalars[start + 1].value
            switch second {
            case 0x5B: return controlSequenceEnd(scalars, from: start + 2)  // ESC [  CSI
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F: return stringEnd(scalars, from: start + 2)  // OSC DCS SOS PM APC
            case 0x20...0x2F:  // nF: intermediates, final
                var index = start + 1
                while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
                return min(index + 1, scalars.count)
            default: return start + 2  // ESC + one final
            }
        case 0x9B: return controlSequenceEnd(scalars, from: start + 1)  // 8-bit CSI
        case 0x9D, 0x90, 0x98, 0x9E, 0x9F: return stringEnd(scalars, from: start + 1)  // 8-bit strings
        default: return nil
        }
    }

    /// Past a CSI's parameter and intermediate bytes and its final byte.
    private static func controlSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) { index += 1 }
        // The final byte belongs to the sequence only if it is one; anything else starts new text.
        if index < scalars.count, (0x40...0x7E).contains(scalars[index].value) { index += 1 }
        return index
    }

    /// Past a control string's terminator: BEL, ST (`ESC \`) or 8-bit ST; the end of the text if
    /// it has none.
    private static func stringEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count {
            switch scalars[index].value {
            case 0x07, 0x9C: return index + 1
            case 0x1B: return index + 1 < scalars.count && scalars[index + 1] == "\\" ? index + 2 : index + 1
            default: index += 1
            }
        }
        return index
    }

    /// The sequence if it is one ``Style`` writes.
    private static func styleSequence(_ sequence: ArraySlice<Unicode.Scalar>) -> String? {
        let text = String(String.UnicodeScalarView(sequence))
        return Style.sequences.contains(text) ? text : nil
    }
}
