/// The union of a member's forms, for a member whose TypeScript type changed shape between
/// versions in a way one Swift type cannot hold (see ``WireCompatibility``):
/// `SaveUserSettings.show_downvotes` is `boolean` in 0.19 and `VoteShow` in 1.0,
/// `MyUserInfo.community_blocks` is `Array<CommunityBlockView>` in 0.18/0.19 and
/// `Array<Community>` in 1.0.
///
/// It is emitted as an enum nested in the object, one case per form, conforming to
/// `LemmyVersionedUnion`: it decodes every form and encodes only the target version's. Arrays
/// that every form shares stay outside, so `community_blocks` is an array of a union of one block.
struct MemberUnion {
    /// One form and the versions using it.
    struct Form {
        var caseName: String
        var swiftType: String
        /// The TypeScript spelling of the form (without the shared arrays).
        var ts: String
        var versions: [String]
    }

    /// The nested type's name (`ShowDownvotes`, `CommunityBlocksElement`).
    var typeName: String
    /// How many `Array<...>` every form shares around the union.
    var arrayDepth: Int
    /// The forms, newest first.
    var forms: [Form]

    /// The member's Swift type: the union inside the shared arrays.
    var memberType: String { String(repeating: "[", count: arrayDepth) + typeName + String(repeating: "]", count: arrayDepth) }

    /// The union for `member`, or nil when one Swift type holds every version's form.
    static func make(
        _ member: APIMember, propertyName: String, key: String, generics: Set<String>, _ context: EmitContext
    ) -> MemberUnion? {
        guard Set(member.types.map(\.ts)).count > 1 else { return nil }
        var parsed = member.types.compactMap { form in (try? TSParser.parseType(form.ts)).map { ($0.strippingNull.0, form.versions) } }
        guard parsed.count == member.types.count, !parsed.contains(where: { mentions($0.0, generics) }) else { return nil }
        // Arrays around every form stay arrays; the union is of what they hold.
        var depth = 0
        while parsed.allSatisfy({ if case .array = $0.0 { true } else { false } }) {
            parsed = parsed.map { form in
                guard case .array(let element) = form.0 else { return form }
                return (element, form.1)
            }
            depth += 1
        }
        // Newest first; forms that decode as each other share a case (`string` and `DbUrl`).
        func age(_ versions: [String]) -> Int { versions.compactMap { context.order.firstIndex(of: $0) }.max() ?? -1 }
        var compatibility = WireCompatibility(context)
        var groups: [(ts: TSType, versions: [String])] = []
        for form in parsed.sorted(by: { age($0.1) > age($1.1) }) {
            if let i = groups.firstIndex(where: { compatibility.interchangeable($0.ts, form.0, key: key) }) {
                groups[i].versions += form.1
            } else {
                groups.append((form.0, form.1))
            }
        }
        guard groups.count > 1 else { return nil }
        var used: Set<String> = []
        let forms = groups.map { group -> Form in
            var name = caseName(group.ts)
            while used.contains(name) { name += "Form" }
            used.insert(name)
            return Form(
                caseName: name, swiftType: context.swiftType(group.ts, key: key, generics: generics), ts: group.ts.text,
                versions: context.order.filter(group.versions.contains))
        }
        let base = SwiftNaming.upperFirst(propertyName.filter { $0 != "`" })
        return MemberUnion(typeName: base + (depth > 0 ? "Element" : ""), arrayDepth: depth, forms: forms)
    }

    /// The nested enum, indented for a struct body. `owner` is the enclosing Swift type.
    func emit(owner: String, key: String, _ context: EmitContext) -> String {
        let qualified = "\(owner).\(typeName)"
        let all = context.mask(forms.flatMap(\.versions))
        var text = "The form of `\(key)`" + (arrayDepth > 0 ? " (one element)" : "") + ", which depends on the version: "
        text += forms.map { "`\($0.ts)` (\(context.range($0.versions)))" }.joined(separator: ", ") + "."
        var out = "\n" + SwiftNaming.doc(text, indent: "    ")
        out += "    public enum \(typeName): LemmyVersionedUnion {\n"
        for form in forms {
            out += SwiftNaming.doc("`\(form.ts)`, the form of \(context.range(form.versions)).", indent: "        ")
            out += "        case \(SwiftNaming.escaped(form.caseName))(\(form.swiftType))\n"
        }
        out += "\n        /// Every version that has one of the forms.\n"
        out += "        static let allVersions = \(all)\n\n"
        out += "        /// The versions that use this value's form.\n"
        out += "        public var versions: LemmyVersionSet {\n            switch self {\n"
        for form in forms { out += "            case .\(SwiftNaming.escaped(form.caseName)): \(context.mask(form.versions))\n" }
        out += "            }\n        }\n\n"
        out += "        /// The TypeScript type of this value's form.\n"
        out += "        public var formName: String {\n            switch self {\n"
        for form in forms { out += "            case .\(SwiftNaming.escaped(form.caseName)): \(SwiftNaming.literal(form.ts))\n" }
        out += "            }\n        }\n\n"
        out += "        /// Decodes every version's form, the newest first; only its version's form when the decoder is strict.\n"
        out += "        public init(from decoder: any Decoder) throws {\n"
        out += "            let container = try decoder.singleValueContainer()\n"
        out += "            let strict = decoder.lemmyStrictVersion\n"
        out += "            var failures: [(form: String, error: any Error)] = []\n"
        for form in forms {
            out +=
                "            if LemmyVersionedUnionCoding.tries(\(context.mask(form.versions)), of: Self.allVersions, strict: strict) {\n"
            out += "                do {\n"
            out += "                    self = .\(SwiftNaming.escaped(form.caseName))(try container.decode(\(form.swiftType).self))\n"
            out += "                    return\n"
            out += "                } catch {\n"
            out += "                    failures.append((\(SwiftNaming.literal(form.ts)), error))\n"
            out += "                }\n"
            out += "            }\n"
        }
        out +=
            "            throw LemmyVersionedUnionCoding.failure(failures, typeName: \(SwiftNaming.literal(qualified)), decoder: decoder)\n"
        out += "        }\n\n"
        out += "        /// Encodes the value's form; a target version that uses another form throws `LemmyVersionError`.\n"
        out += "        public func encode(to encoder: any Encoder) throws {\n"
        out += "            try LemmyVersionedUnionCoding.checkForm(self, of: Self.allVersions, encoder: encoder)\n"
        out += "            var container = encoder.singleValueContainer()\n"
        out += "            switch self {\n"
        for form in forms { out += "            case .\(SwiftNaming.escaped(form.caseName))(let value): try container.encode(value)\n" }
        out += "            }\n        }\n    }\n"
        return out
    }

    /// `boolean` -> `boolean`, `VoteShow` -> `voteShow`, `Array<Person>` -> `personList`.
    static func caseName(_ type: TSType) -> String {
        switch type {
        case .primitive(let name): return name
        case .literal(let value): return SwiftNaming.camel(value)
        case .ref(let name, _): return SwiftNaming.camel(name)
        case .array(let element): return caseName(element) + "List"
        case .map(let value): return caseName(value) + "Map"
        case .union, .intersection, .object: return "value"
        }
    }

    /// Whether `type` names one of `generics`.
    private static func mentions(_ type: TSType, _ generics: Set<String>) -> Bool {
        switch type {
        case .ref(let name, let args): return generics.contains(name) || args.contains { mentions($0, generics) }
        case .array(let element), .map(let element): return mentions(element, generics)
        case .union(let parts), .intersection(let parts): return parts.contains { mentions($0, generics) }
        case .object(let members): return members.contains { mentions($0.type, generics) }
        case .primitive, .literal: return false
        }
    }
}
