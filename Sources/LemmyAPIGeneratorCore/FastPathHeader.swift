/// What the fast decoder and encoder emitters share: the bail statement and the opening of a
/// type's conformance.
enum FastPathHeader {
    /// The statement that gives up on the fast path (the caller falls back to Codable).
    static let bail = "throw LemmyJSONBail()"

    /// `extension ApiX: Protocol [where T: Protocol] {`, then `doc` and the opening of `signature`.
    static func open(_ type: APIType, conformingTo conformance: String, doc: String, signature: String) -> String {
        let name = "Api\(type.name)"
        let conditions = (type.generics ?? []).map { "\($0): \(conformance)" }
        var out = "\nextension \(name): \(conformance)" + (conditions.isEmpty ? "" : " where " + conditions.joined(separator: ", "))
        out += " {\n    /// \(doc)\n"
        out += "    \(signature) {\n"
        return out
    }
}
