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

    /// A call whose form or answer real servers write otherwise than lemmy-js-client types it
    /// (a `string`, no form at all, another type): that side becomes `type`, the same in every
    /// version of the call. `object`, TypeScript's arbitrary JSON value (`LemmyJSONValue`), is
    /// for a value Lemmy wants kept whole; a declared type's name, for an answer Lemmy writes as
    /// that type.
    public struct Retyped: Sendable {
        /// `v3` or `v4`.
        public var generation: String
        /// The js-client method name (`exportSettings`).
        public var name: String
        /// Whether the form is retyped (the request's body).
        public var form: Bool
        /// Whether the answer is retyped.
        public var response: Bool
        /// The TypeScript type real servers use: `object`, or a type the description declares.
        public var type = "object"
        /// Where this is read.
        public var evidence: String
    }

    /// Every retyped call. A settings backup is one JSON object both ways, which Lemmy asks
    /// clients to keep as it is, not to parse ("directly downloaded as a file", on
    /// `UserSettingsBackup`): so it is an opaque value, not lemmy-js-client's typed form, whose
    /// required members a backup of another version need not have.
    public static let retyped: [Retyped] = [
        Retyped(
            generation: "v3", name: "exportSettings", form: false, response: true,
            evidence: "`export_settings` answers `Json<UserSettingsBackup>`, a JSON object, in "
                + "crates/apub/src/api/user_settings_backup.rs (Lemmy 0.19.13); shadone's 0.19.11 OpenAPI description "
                + "types the answer `type: object`"),
        Retyped(
            generation: "v3", name: "importSettings", form: true, response: false,
            evidence: "`import_settings` takes `Json<UserSettingsBackup>`, the object `export_settings` wrote, in "
                + "crates/apub/src/api/user_settings_backup.rs (Lemmy 0.19.13)"),
        Retyped(
            generation: "v4", name: "exportUserSettings", form: false, response: true,
            evidence: "`export_user_settings` answers `Json<UserSettingsBackup>`, a JSON object, in "
                + "crates/api/api/src/federation/user_settings_backup.rs (Lemmy main)"),
        Retyped(
            generation: "v4", name: "importUserSettings", form: true, response: false,
            evidence: "`import_user_settings` takes `Json<UserSettingsBackup>`, the object `export_user_settings` "
                + "wrote, in crates/api/api/src/federation/user_settings_backup.rs (Lemmy main)"),
        Retyped(
            generation: "v4", name: "adminBlockInstance", form: false, response: true, type: "FederatedInstanceView",
            evidence: "`admin_block_instance` answers `Json<FederatedInstanceView>`, the instance as "
                + "GetFederatedInstances lists it, in crates/api/api/src/site/admin_block_instance.rs (Lemmy main, since "
                + "LemmyNet/lemmy commit dc6ee1c16); lemmy-js-client still declares `SuccessResponse`"),
        Retyped(
            generation: "v4", name: "adminAllowInstance", form: false, response: true, type: "FederatedInstanceView",
            evidence: "`admin_allow_instance` answers `Json<FederatedInstanceView>` in "
                + "crates/api/api/src/site/admin_allow_instance.rs (Lemmy main, since LemmyNet/lemmy commit dc6ee1c16); "
                + "lemmy-js-client still declares `SuccessResponse`"),
    ]

    /// `description` with every correction applied: each omitted member is optional in the
    /// versions the correction covers, each rerouted call has the method and path real servers
    /// take, its old ones named in its documentation, and each retyped call's form or answer is
    /// the type real servers use.
    public static func apply(_ description: APIDescription) -> APIDescription {
        var description = description
        for index in description.endpoints.indices {
            let endpoint = description.endpoints[index]
            if let retype = retyped.first(where: { $0.generation == endpoint.generation && $0.name == endpoint.name }) {
                let type = [VersionedTS(versions: endpoint.versions, ts: retype.type)]
                if retype.form { description.endpoints[index].request = type }
                if retype.response { description.endpoints[index].response = type }
                let sides = [retype.form ? "take" : nil, retype.response ? "answer" : nil].compactMap(\.self).joined(separator: " and ")
                let what = retype.type == "object" ? "a JSON object" : "`\(retype.type)`"
                description.endpoints[index].correction = "Real servers \(sides) \(what): \(retype.evidence)."
            }
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
