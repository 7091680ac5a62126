/// Where real Lemmy servers differ from lemmy-js-client's types, applied before emitting.
///
/// The description is lemmy-js-client's word, and the generated coders enforce it: a member the
/// client's types require is required when the test server encodes an answer and when a strict
/// decoder reads one. Where Lemmy's own source says a server never sends a member the client's
/// types declare, that word is wrong, and the member is made optional in those versions. Each
/// entry names the evidence: Lemmy's source at a tag, and captured payloads of real servers.
public enum ServerCorrections {
    /// A member a range of server versions never sends.
    public struct Omitted: Sendable {
        /// The type (`Person`), as lemmy-js-client names it.
        public var type: String
        /// The member's wire key.
        public var key: String
        /// The prefix of the description's versions the correction covers (`0.18.`).
        public var versions: String
        /// Where this is read.
        public var evidence: String
    }

    /// Every correction.
    public static let omitted: [Omitted] = [
        Omitted(
            type: "Person", key: "inbox_url", versions: "0.18.",
            evidence: "`#[serde(skip)]` on Person::inbox_url in crates/db_schema/src/source/person.rs (Lemmy 0.18.5); "
                + "absent from the 0.18 spud_* payloads"),
        Omitted(
            type: "Community", key: "inbox_url", versions: "0.18.",
            evidence: "`#[serde(skip)]` on Community::inbox_url in crates/db_schema/src/source/community.rs (Lemmy 0.18.5); "
                + "absent from the 0.18 spud_* and muffed_* payloads"),
        Omitted(
            type: "Community", key: "followers_url", versions: "0.18.",
            evidence: "`#[serde(skip)]` on Community::followers_url in crates/db_schema/src/source/community.rs "
                + "(Lemmy 0.18.5); absent from the 0.18 spud_* and muffed_* payloads"),
    ]

    /// A call real servers of a generation answer at another method and path than the one
    /// lemmy-js-client sends it to.
    public struct Rerouted: Sendable {
        /// `v3` or `v4`.
        public var generation: String
        /// The js-client method name (`deleteCustomEmoji`).
        public var name: String
        /// The method real servers take.
        public var verb: String
        /// The path below the generation's prefix real servers take.
        public var path: String
        /// Where this is read.
        public var evidence: String
    }

    /// Every rerouted call.
    public static let rerouted: [Rerouted] = [
        Rerouted(
            generation: "v4", name: "deleteCustomEmoji", verb: "DELETE", path: "/custom_emoji",
            evidence: "`scope(\"/custom_emoji\")` routes `delete().to(delete_custom_emoji)` at its root in "
                + "crates/api/routes/src/lib.rs (Lemmy main, since LemmyNet/lemmy#6131), and serves no `/delete`")
    ]

    /// `description` with every correction applied: each omitted member is optional in the
    /// versions the correction covers, and each rerouted call has the method and path real
    /// servers take, its old ones named in its documentation.
    public static func apply(_ description: APIDescription) -> APIDescription {
        var description = description
        for index in description.endpoints.indices {
            let endpoint = description.endpoints[index]
            guard let route = rerouted.first(where: { $0.generation == endpoint.generation && $0.name == endpoint.name }) else {
                continue
            }
            description.endpoints[index].correction =
                "Real servers take `\(route.verb) \(route.path)`, not lemmy-js-client's `\(endpoint.verb) \(endpoint.path)`: "
                + "\(route.evidence)."
            description.endpoints[index].verb = route.verb
            description.endpoints[index].path = route.path
        }
        for index in description.types.indices {
            let name = description.types[index].name
            let corrections = omitted.filter { $0.type == name }
            guard !corrections.isEmpty, var members = description.types[index].members else { continue }
            for memberIndex in members.indices {
                let keys = Set(members[memberIndex].keys.map(\.key))
                for correction in corrections where keys.contains(correction.key) {
                    let covered = members[memberIndex].versions.filter { $0.hasPrefix(correction.versions) }
                    members[memberIndex].optionalIn = members[memberIndex].versions.filter {
                        members[memberIndex].optionalIn.contains($0) || covered.contains($0)
                    }
                    let note = "Real \(correction.versions)x servers never send it: \(correction.evidence)."
                    members[memberIndex].doc = members[memberIndex].doc.map { $0 + "\n\n" + note } ?? note
                }
            }
            description.types[index].members = members
        }
        return description
    }
}
