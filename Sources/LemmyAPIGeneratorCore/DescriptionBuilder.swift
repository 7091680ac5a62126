/// Builds the version-merged ``APIDescription`` from the TypeScript of several js-client versions.
public enum DescriptionBuilder {
    /// Keys that were renamed between versions but carry the same fact (old, new), in addition
    /// to the general `x` -> `x_at` rule.
    public static let renamedKeys: [(String, String)] = [("actor_id", "ap_id")]

    /// Builds the description. `log` receives notes about conflicts and merges.
    public static func build(_ sources: [VersionSource], log: (String) -> Void = { _ in }) throws -> APIDescription {
        let order = sources.map(\.name)
        var declarations: [String: [String: TSDeclaration]] = [:]  // type -> version -> decl
        var endpointsByVersion: [String: [TSEndpoint]] = [:]
        var versions: [APIVersion] = []
        for source in sources {
            var count = 0
            for (_, text) in source.typeFiles.sorted(by: { $0.key < $1.key }) {
                for decl in try TSParser.declarations(in: text) where decl.name != "UploadImage" {
                    declarations[decl.name, default: [:]][source.name] = decl
                    count += 1
                }
            }
            let endpoints = try HTTPClientParser.endpoints(in: source.http)
            endpointsByVersion[source.name] = endpoints
            versions.append(
                APIVersion(
                    name: source.name, generation: source.generation,
                    omitsFalsyQueryValues: HTTPClientParser.omitsFalsyQueryValues(source.http),
                    typeCount: count, endpointCount: endpoints.count))
        }
        let generationOf = Dictionary(uniqueKeysWithValues: versions.map { ($0.name, $0.generation) })

        // Endpoints, grouped per generation and method name.
        var endpoints: [APIEndpoint] = []
        var requestForms: Set<String> = []
        for version in order {
            for e in endpointsByVersion[version] ?? [] {
                let generation = generationOf[version]!
                let request = e.request.map { normalizeFormType($0, declarations: declarations) }
                if case .ref(let name, _)? = request { requestForms.insert(name) }
                if let index = endpoints.firstIndex(where: { $0.generation == generation && $0.name == e.name }) {
                    if endpoints[index].verb != e.verb || endpoints[index].path != e.path {
                        log(
                            "endpoint \(e.name) changed \(endpoints[index].verb) \(endpoints[index].path) -> \(e.verb) \(e.path) in \(version)"
                        )
                        endpoints[index].verb = e.verb
                        endpoints[index].path = e.path
                    }
                    endpoints[index].versions.append(version)
                    if let request { add(&endpoints[index].request, request.text, version) }
                    var responses: [VersionedTS]? = endpoints[index].response
                    add(&responses, e.response.text, version)
                    endpoints[index].response = responses ?? []
                } else {
                    endpoints.append(
                        APIEndpoint(
                            name: e.name, generation: generation, kind: e.kind, verb: e.verb, path: e.path,
                            absolutePath: e.absolutePath, versions: [version],
                            request: request.map { [VersionedTS(versions: [version], ts: $0.text)] },
                            response: [VersionedTS(versions: [version], ts: e.response.text)]))
                }
            }
        }

        var types: [APIType] = []
        var errors: [APIErrorCode] = []
        for name in declarations.keys.sorted() {
            let perVersion = declarations[name]!
            let present = order.filter { perVersion[$0] != nil }
            let shapes = present.map { ($0, DeclarationShape.classify(perVersion[$0]!.type)) }
            if case .errorUnion = shapes.last!.1 {
                for (version, shape) in shapes {
                    guard case .errorUnion(let codes) = shape else { continue }
                    for (code, hasMessage) in codes {
                        if let i = errors.firstIndex(where: { $0.code == code }) {
                            errors[i].versions.append(version)
                            errors[i].hasMessage = errors[i].hasMessage || hasMessage
                        } else {
                            errors.append(APIErrorCode(code: code, versions: [version], hasMessage: hasMessage))
                        }
                    }
                }
                continue
            }
            let nonNull = shapes.filter { $0.1.kind != .null }
            let kinds = Set(shapes.map { $0.1.kind })
            if kinds.count > 1 { log("type \(name) changes shape: \(shapes.map { "\($0.0)=\($0.1.kind)" })") }
            let newest = (nonNull.last ?? shapes.last!).1
            // lemmy-js-client's doc comments are that project's prose, under its licence: only
            // facts (names, types, versions) are carried into the description.
            let doc: String? = nil
            var type = APIType(
                name: name, versions: present, kind: newest.kind,
                generics: perVersion[present.last!]!.generics.isEmpty ? nil : perVersion[present.last!]!.generics,
                doc: doc, isRequestForm: requestForms.contains(name) ? true : nil)
            switch newest {
            case .object:
                type.members = mergeMembers(
                    name: name, shapes: shapes, order: order,
                    allowRenames: !requestForms.contains(name), log: log)
            case .enumeration:
                var cases: [APICase] = []
                for (version, shape) in shapes {
                    guard case .enumeration(let values) = shape else { continue }
                    for value in values { addCase(&cases, value: value, payload: nil, version: version) }
                }
                type.cases = cases
            case .taggedUnion, .externalUnion:
                var cases: [APICase] = []
                for (version, shape) in shapes {
                    switch shape {
                    case .taggedUnion(let tag, let items):
                        type.tag = tag
                        for (value, payload) in items { addCase(&cases, value: value, payload: payload.text, version: version) }
                    case .externalUnion(let items):
                        for (value, payload) in items { addCase(&cases, value: value, payload: payload.text, version: version) }
                    default: break
                    }
                }
                type.cases = cases
            case .alias:
                var alias: [VersionedTS]?
                for (version, shape) in shapes { if case .alias(let t) = shape { add(&alias, t.text, version) } }
                type.alias = alias
            case .null, .errorUnion:
                break
            }
            types.append(type)
        }
        return APIDescription(
            source: "lemmy-js-client src/types/*.ts and src/http.ts at " + order.joined(separator: ", "),
            versions: versions, types: types, endpoints: endpoints, errors: errors)
    }

    /// Maps tsoa helper interfaces (`GetPostsI`) to the ts-rs type they extend.
    static func normalizeFormType(_ type: TSType, declarations: [String: [String: TSDeclaration]]) -> TSType {
        guard case .ref(let name, let args) = type, args.isEmpty, name.hasSuffix("I"),
            declarations[name] == nil, declarations[String(name.dropLast())] != nil
        else { return type }
        return .ref(String(name.dropLast()), [])
    }

    static func add(_ list: inout [VersionedTS]?, _ ts: String, _ version: String) {
        var items = list ?? []
        if let i = items.firstIndex(where: { $0.ts == ts }) {
            items[i].versions.append(version)
        } else {
            items.append(VersionedTS(versions: [version], ts: ts))
        }
        list = items
    }

    static func normalized(_ value: String) -> String {
        value.lowercased().filter { $0 != "_" }
    }

    static func addCase(_ cases: inout [APICase], value: String, payload: String?, version: String) {
        if let i = cases.firstIndex(where: { $0.values.contains { normalized($0.key) == normalized(value) } }) {
            if let j = cases[i].values.firstIndex(where: { $0.key == value }) {
                cases[i].values[j].versions.append(version)
            } else {
                cases[i].values.append(VersionedKey(key: value, versions: [version]))
            }
            if payload != nil { cases[i].payload = payload }
        } else {
            cases.append(APICase(values: [VersionedKey(key: value, versions: [version])], payload: payload))
        }
    }

    private static func mergeMembers(
        name: String, shapes: [(String, DeclarationShape)], order: [String],
        allowRenames: Bool, log: (String) -> Void
    ) -> [APIMember] {
        var byKey: [String: APIMember] = [:]
        var keyOrder: [String] = []
        for (_, shape) in shapes.reversed() {
            guard case .object(let members) = shape else { continue }
            for m in members where !keyOrder.contains(m.name) { keyOrder.append(m.name) }
        }
        // Newest order first, then older-only keys after their newest neighbours.
        for (version, shape) in shapes {
            guard case .object(let members) = shape else { continue }
            for m in members {
                let (stripped, nullable) = m.type.strippingNull
                var member =
                    byKey[m.name]
                    ?? APIMember(keys: [VersionedKey(key: m.name, versions: [])], versions: [], optionalIn: [], types: [], doc: nil)
                member.keys[0].versions.append(version)
                member.versions.append(version)
                if m.optional || nullable { member.optionalIn.append(version) }
                var types: [VersionedTS]? = member.types
                add(&types, stripped.text, version)
                member.types = types ?? []
                byKey[m.name] = member
            }
        }
        var result = keyOrder.compactMap { byKey[$0] }
        guard allowRenames else { return result }
        // Merge renamed keys that carry the same fact.
        var i = 0
        while i < result.count {
            let newKey = result[i].keys[0].key
            let oldCandidates = result.enumerated().filter { j, old in
                j != i && old.keys.count == 1 && isRename(old: old.keys[0].key, new: newKey)
                    && Set(old.versions).isDisjoint(with: result[i].versions)
                    && sameFact(old.types, result[i].types)
            }
            if let (j, old) = oldCandidates.first {
                log("merge \(name).\(old.keys[0].key) -> \(newKey)")
                var merged = result[i]
                merged.keys.append(old.keys[0])
                merged.versions = order.filter { merged.versions.contains($0) || old.versions.contains($0) }
                merged.optionalIn = order.filter { merged.optionalIn.contains($0) || old.optionalIn.contains($0) }
                merged.types = old.types + merged.types
                merged.doc = merged.doc ?? old.doc
                result[i] = merged
                result.remove(at: j)
                if j < i { i -= 1 }
            }
            i += 1
        }
        return result
    }

    static func isRename(old: String, new: String) -> Bool {
        if new == old + "_at" { return true }
        return renamedKeys.contains { $0 == (old, new) }
    }

    private static func sameFact(_ a: [VersionedTS], _ b: [VersionedTS]) -> Bool {
        func base(_ ts: String) -> String {
            ["DbUrl": "string", "SensitiveString": "string"][ts] ?? ts
        }
        return Set(a.map { base($0.ts) }) == Set(b.map { base($0.ts) })
    }
}
