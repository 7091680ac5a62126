/// Emits one ``LemmyRequest`` struct per JSON endpoint and generation.
enum RequestEmitter {
    static func emit(_ endpoint: APIEndpoint, _ context: EmitContext) -> String {
        let name = SwiftNaming.requestTypeName(endpoint.name)
        let namespace = "Lemmy\(endpoint.generation.uppercased())"
        let formTS = endpoint.request.map { context.newest($0).ts }
        let formType = formTS.flatMap { try? TSParser.parseType($0) }
        var formName = "LemmyEmptyForm"
        var formAPIType: APIType?
        if case .ref(let n, _)? = formType, let t = context.types[n], t.kind == .object {
            formName = "Api" + n
            formAPIType = t
        } else if case .primitive("object")? = formType {
            // A JSON object sent as it is (``ServerCorrections/retyped``).
            formName = "LemmyJSONValue"
        }
        let responseTS = (try? TSParser.parseType(context.newest(endpoint.response).ts)) ?? .primitive("any")
        let response = context.swiftType(responseTS, key: nil)
        let members = formAPIType.map { ObjectEmitter.properties($0, context) } ?? []
        let allOptional = members.allSatisfy(\.optional)
        let generationVersions = context.order.filter { context.generationOf[$0] == endpoint.generation }
        let takesAuth =
            formAPIType?.members?.contains { m in
                m.keys.contains { $0.key == "auth" } && !Set(m.versions).isDisjoint(with: endpoint.versions)
            } ?? false

        var doc = "`\(endpoint.verb) \(endpoint.path)`: `\(endpoint.name)` in lemmy-js-client \(context.range(endpoint.versions))."
        if let note = context.availability(endpoint.versions, within: generationVersions) { doc += " " + note }
        if let correction = endpoint.correction { doc += "\n\n" + correction }
        if let formTS, formName == "LemmyEmptyForm" { doc += "\n\nThe js client's form type `\(formTS)` is sent as an empty object." }
        var out = "public import Foundation\n\n"
        out += "extension \(namespace) {\n"
        out += SwiftNaming.doc(doc, indent: "    ")
        out += "    public struct \(name): \(takesAuth ? "LemmyAuthFieldRequest" : "LemmyRequest") {\n"
        out += "        /// The decoded response.\n        public typealias Response = \(response)\n"
        out += "        /// `\(endpoint.verb)`.\n        public static let method: LemmyHTTPMethod = .\(endpoint.verb.lowercased())\n"
        out += "        /// The path\(endpoint.absolutePath ? " (absolute)" : " below `/api/\(endpoint.generation)`").\n"
        out += "        public static let path = \(SwiftNaming.literal(endpoint.path))\n"
        out += "        /// Whether ``path`` is absolute.\n        public static let isAbsolutePath = \(endpoint.absolutePath)\n"
        out += "        /// `\(endpoint.generation)`.\n        public static let generation: LemmyAPIGeneration = .\(endpoint.generation)\n"
        out += "        /// The js-client versions with this call.\n"
        out +=
            "        public static let versions: [String] = [" + endpoint.versions.map(SwiftNaming.literal).joined(separator: ", ") + "]\n"
        out += "        /// Whether the form carries the 0.18 `auth` member.\n        public static let takesAuthField = \(takesAuth)\n"
        out += "        /// The parameters.\n        public var form: \(formName)\n\n"
        if takesAuth {
            out += "        /// The form's 0.18 `auth` member; a raw client sets it for 0.18 and clears it for 0.19+.\n"
            out +=
                "        public var auth: String? {\n            get { form.auth }\n            set { form.auth = newValue }\n        }\n\n"
        }
        out += "        /// Creates the request.\n"
        let defaultForm = allOptional && formName != "LemmyJSONValue" ? " = " + ObjectEmitter.emptyValue(members) : ""
        out += "        public init(_ form: \(formName)\(defaultForm)) { self.form = form }\n\n"
        out += "        /// The GET query as the official client encodes it; with a `version`, in that version's\n"
        out += "        /// spelling, refusing a parameter or value the version lacks.\n"
        out +=
            "        public func queryItems(style: LemmyQueryStyle, version: LemmyAPIVersion?) throws(LemmyVersionError) -> [URLQueryItem] {\n"
        if endpoint.verb == "GET" && !members.isEmpty {
            out +=
                "            var query = LemmyQueryBuilder(style: style, generation: .\(endpoint.generation), version: version, typeName: \(SwiftNaming.literal(formName)))\n"
            for (p, m) in zip(members, formAPIType?.members ?? []) {
                let ts = (try? TSParser.parseType(context.newest(m.types).ts)) ?? .primitive("any")
                if Set(m.versions).isDisjoint(with: endpoint.versions) {
                    out += "            // `\(p.keys[0].key)` is not sent by this generation (\(context.range(m.versions))).\n"
                } else if context.isQueryable(ts) {
                    let unknown = context.order.filter { !(formAPIType?.versions.contains($0) ?? false) }
                    let limit = Set(m.versions).isSuperset(of: endpoint.versions) ? "" : ", in: \(context.mask(m.versions + unknown))"
                    // Versions of this call whose server refuses the query without the member.
                    let required =
                        p.keys[0].key == "auth" ? [] : m.versions.filter { endpoint.versions.contains($0) && !m.optionalIn.contains($0) }
                    let requiredMask = required.isEmpty ? "" : ", required: \(context.mask(required))"
                    out +=
                        "            try query.add(\(SwiftNaming.literal(p.keys[0].key)), form.\(p.name.trimmingCharacters(in: ["`"]))\(limit)\(requiredMask))\n"
                } else {
                    out += "            // `\(p.keys[0].key)` (\(m.types[0].ts)) cannot be a query parameter.\n"
                }
            }
            out += "            return query.items\n"
        } else {
            out += "            []\n"
        }
        out += "        }\n    }\n}\n"
        return out
    }
}
