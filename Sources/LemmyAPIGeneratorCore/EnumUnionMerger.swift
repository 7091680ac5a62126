/// Makes enums unions over versions, like objects.
///
/// When a member's type is one enum in some versions and another in others (`GetPosts.sort` is
/// `SortType` on 0.18/0.19 and `PostSortType` on 1.0), the member's Swift type is the newest enum,
/// so without this pass the older versions' values (`TopDay`, `TopWeek`, ...) could not be sent at
/// all. The pass copies every case of the older enum into the newest one: a case with the same
/// Swift name (`Hot`/`hot`) gains the older spelling and versions, any other case is appended
/// with the older versions only. Encoding then knows, per version, which cases exist.
enum EnumUnionMerger {
    static func merge(_ description: APIDescription) -> APIDescription {
        var types = Dictionary(uniqueKeysWithValues: description.types.map { ($0.name, $0) })
        let order = description.versions.map(\.name)
        func age(_ versions: [String]) -> Int { versions.compactMap { order.firstIndex(of: $0) }.max() ?? -1 }
        var merged: Set<[String]> = []
        for type in description.types {
            for member in type.members ?? [] {
                let names = member.types.map(\.ts)
                guard Set(names).count > 1, names.allSatisfy({ types[$0]?.kind == .enum }) else { continue }
                let byAge = member.types.sorted { age($0.versions) < age($1.versions) }
                guard let newestName = byAge.last?.ts else { continue }
                for older in byAge.dropLast().map(\.ts) where older != newestName && !merged.contains([older, newestName]) {
                    merged.insert([older, newestName])
                    guard let source = types[older], var target = types[newestName] else { continue }
                    target.cases = union(target.cases ?? [], source.cases ?? [])
                    target.versions = order.filter { target.versions.contains($0) || source.versions.contains($0) }
                    target.doc = (target.doc.map { $0 + "\n\n" } ?? "") + "Also holds the values of `\(older)`, which this type replaced."
                    types[newestName] = target
                }
            }
        }
        var result = description
        result.types = description.types.map { types[$0.name] ?? $0 }
        return result
    }

    /// `target`'s cases with `source`'s folded in, older spellings first.
    private static func union(_ target: [APICase], _ source: [APICase]) -> [APICase] {
        var cases = target
        for old in source {
            let name = SwiftNaming.camel(old.values.last!.key)
            if let i = cases.firstIndex(where: { SwiftNaming.camel($0.values.last!.key) == name }) {
                let known = Set(cases[i].values.map(\.key))
                cases[i].values = old.values.filter { !known.contains($0.key) } + cases[i].values
            } else {
                cases.append(old)
            }
        }
        return cases
    }
}
