/// Emits `LemmyAnyGeneration`: one request per js-client call that both API generations have
/// with the same form type, which knows its v3 and v4 requests, so that a caller writes the call
/// once and one place picks the generation.
///
/// Whether the responses agree too is left to the Swift type checker: a caller that needs one
/// response type constrains `V3.Response == V4.Response` (or the pages' items), so a call whose
/// answers differ per generation cannot be sent through it by mistake.
enum GenerationDispatchEmitter {
    /// The requests of the calls both generations have, or nil when there are none.
    static func emit(_ description: APIDescription, _ context: EmitContext) -> String? {
        let json = description.endpoints.filter { $0.kind == .json }
        let v3 = Dictionary(json.filter { $0.generation == "v3" }.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let v4 = Dictionary(json.filter { $0.generation == "v4" }.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let pairs = v3.keys.sorted().compactMap { name -> (APIEndpoint, APIEndpoint, String)? in
            guard let old = v3[name], let new = v4[name] else { return nil }
            let form = formName(old, context)
            guard form == formName(new, context) else { return nil }
            return (old, new, form)
        }
        guard !pairs.isEmpty else { return nil }
        var out = "extension LemmyAnyGeneration {\n"
        for (index, (old, new, form)) in pairs.enumerated() {
            let name = SwiftNaming.requestTypeName(old.name)
            if index > 0 { out += "\n" }
            out += "    /// `\(old.name)` in either generation: v3 `\(old.verb) \(old.path)`, v4 `\(new.verb) \(new.path)`.\n"
            out += "    public struct \(name): LemmyGenerationalRequest {\n"
            out += "        /// The v3 request.\n        public typealias V3 = LemmyV3.\(name)\n"
            out += "        /// The v4 request.\n        public typealias V4 = LemmyV4.\(name)\n"
            out += "        /// The parameters, sent unchanged in either generation.\n        public var form: \(form)\n\n"
            out += "        /// Creates the request.\n"
            let members = formType(old, context).map { ObjectEmitter.properties($0, context) } ?? []
            let defaultForm = allOptional(old, context) && allOptional(new, context) ? " = " + ObjectEmitter.emptyValue(members) : ""
            out += "        public init(_ form: \(form)\(defaultForm)) { self.form = form }\n\n"
            out += "        /// The request for a 0.18 or 0.19 server.\n        public var v3: V3 { V3(form) }\n"
            out += "        /// The request for a 1.0 server.\n        public var v4: V4 { V4(form) }\n"
            out += "    }\n"
        }
        out += "}\n"
        return out
    }

    /// The Swift form type ``RequestEmitter`` gives the endpoint's request.
    private static func formName(_ endpoint: APIEndpoint, _ context: EmitContext) -> String {
        guard let type = formType(endpoint, context) else { return "LemmyEmptyForm" }
        return "Api" + type.name
    }

    private static func formType(_ endpoint: APIEndpoint, _ context: EmitContext) -> APIType? {
        let formTS = endpoint.request.map { context.newest($0).ts }
        if case .ref(let n, _)? = formTS.flatMap({ try? TSParser.parseType($0) }), let t = context.types[n], t.kind == .object { return t }
        return nil
    }

    /// Whether the generated request's initializer defaults its form (every member optional).
    private static func allOptional(_ endpoint: APIEndpoint, _ context: EmitContext) -> Bool {
        formType(endpoint, context).map { ObjectEmitter.properties($0, context).allSatisfy(\.optional) } ?? true
    }
}
