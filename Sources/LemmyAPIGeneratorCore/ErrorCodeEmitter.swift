/// Emits `LemmyErrorCode`, every `LemmyErrorType` code of every version.
enum ErrorCodeEmitter {
    static func emit(_ errors: [APIErrorCode], _ context: EmitContext) -> String {
        let codes = errors.filter { $0.code != "unknown" }
        var used: Set<String> = ["unknown"]
        let names = codes.map { e -> String in
            var n = SwiftNaming.camel(e.code)
            while used.contains(n) { n += "_" }
            used.insert(n)
            return n
        }
        var out = "/// Every error code in lemmy-js-client's `LemmyErrorType` of any supported version.\n///\n"
        out += "/// Decoding accepts snake_case (0.19+) and PascalCase (0.18 `error_type`) spellings. Lemmy's own\n"
        out += "/// `unknown` code, and any code not listed, become ``unknown(_:)``.\n"
        out += "public enum LemmyErrorCode: Hashable, Sendable {\n"
        for (e, n) in zip(codes, names) {
            var doc = "`\(e.code)`."
            if let note = context.availability(e.versions, within: context.order) { doc += " " + note }
            if e.hasMessage { doc += " Carries a message." }
            out += SwiftNaming.doc(doc, indent: "    ")
            out += "    case \(SwiftNaming.escaped(n))\n"
        }
        out += "    /// A code this version of LemmyKit does not know (or Lemmy's `unknown`), as sent.\n"
        out += "    case unknown(String)\n\n"
        out += "    /// Every known case.\n"
        out += "    public static let knownCases: [LemmyErrorCode] = [\n"
        for n in names { out += "        .\(SwiftNaming.escaped(n)),\n" }
        out += "    ]\n\n"
        out += "    /// Maps a wire code to its case.\n"
        out += "    public init(code: String) {\n        switch code {\n"
        for (e, n) in zip(codes, names) { out += "        case \(SwiftNaming.literal(e.code)): self = .\(SwiftNaming.escaped(n))\n" }
        out += "        default:\n"
        out += "            let folded = String(code.lowercased().filter { $0 != \"_\" })\n"
        out += "            switch folded {\n"
        var seen: Set<String> = []
        for (e, n) in zip(codes, names) {
            let folded = String(e.code.lowercased().filter { $0 != "_" })
            if seen.insert(folded).inserted {
                out += "            case \(SwiftNaming.literal(folded)): self = .\(SwiftNaming.escaped(n))\n"
            }
        }
        out += "            default: self = .unknown(code)\n            }\n        }\n    }\n\n"
        out += "    /// The snake_case wire code.\n"
        out += "    public var code: String {\n        switch self {\n"
        for (e, n) in zip(codes, names) { out += "        case .\(SwiftNaming.escaped(n)): return \(SwiftNaming.literal(e.code))\n" }
        out += "        case .unknown(let code): return code\n        }\n    }\n\n"
        out += "    /// The js-client versions that list this code (empty for ``unknown(_:)``).\n"
        out += "    public var versions: [String] {\n        switch self {\n"
        for (e, n) in zip(codes, names) {
            out += "        case .\(SwiftNaming.escaped(n)): return [" + e.versions.map(SwiftNaming.literal).joined(separator: ", ") + "]\n"
        }
        out += "        case .unknown: return []\n        }\n    }\n}\n"
        return out
    }
}
