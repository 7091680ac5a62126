import LemmyConformance
import Foundation

/// A reviewed difference between an outside description and what real Lemmy does (or, for 1.0,
/// what lemmy-js-client main says), which the conformance tests accept.
///
/// Only differences where the description is wrong or out of date belong here. A difference that
/// is the test server's or the client's fault does not: it stays a failing test (see
/// ``KnownServerDefect``) until it is fixed.
struct ConformanceException: Sendable {
    /// The extracts it applies to.
    var descriptions: [String]
    /// `GET /site` (below the API prefix), or nil for every route.
    var route: String?
    /// A pattern on the violation's JSON path; `*` matches any run of characters.
    var path: String
    /// The kind of violation accepted.
    var kind: SchemaViolation.Kind
    /// Why the description, not the server, is wrong.
    var reason: String

    func matches(_ violation: SchemaViolation, description: String, route: String) -> Bool {
        descriptions.contains(description) && (self.route == nil || self.route == route)
            && violation.kind == kind && Wildcard.matches(path, violation.path)
    }
}

enum Wildcard {
    /// Whether `text` matches `pattern`, where `*` stands for any run of characters.
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { return pattern == text }
        guard text.hasPrefix(parts[0]) else { return false }
        var rest = text.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        let last = parts[parts.count - 1]
        return last.isEmpty || (rest.hasSuffix(last) && rest.count >= last.count)
    }
}

/// The reviewed allow-list. Each entry says which description is wrong and why, with the evidence
/// (real fixtures in Tests/Fixtures/lemmy win over descriptions).
enum ConformanceExceptions {
    /// Description-wide corrections of response schemas, applied before checking.
    ///
    /// shadone v4 (tsoa output of lemmy-js-client main) gives every response as
    /// `RequestState_<T>_`, the js client's own loading-state wrapper (`{state, data}`), not what
    /// the server sends: the wire body is `<T>`, the wrapper's `data`. This unwraps it. It also
    /// gives the admins' federation block and allow lemmy-js-client's `SuccessResponse`, where
    /// Lemmy answers the description's own `FederatedInstanceView` (``federationListReason``):
    /// that answer is checked against it.
    static func adjustResponseSchema(_ schema: JSONValue, in description: OpenAPIDescription, route: String) -> JSONValue {
        let unwrapped = unwrapRequestState(schema, in: description)
        let retyped: Set = ["POST /admin/instance/block", "POST /admin/instance/allow"]
        guard description.name == "shadone-v4-1.0.0-pre", retyped.contains(route), unwrapped["$ref"]?.stringValue == "SuccessResponse",
            description.schemas["FederatedInstanceView"] != nil
        else { return unwrapped }
        return .object(["$ref": .string("FederatedInstanceView")])
    }

    /// `schema`, or the `data` of shadone v4's `RequestState_<T>_` wrapper it names.
    private static func unwrapRequestState(_ schema: JSONValue, in description: OpenAPIDescription) -> JSONValue {
        guard description.name == "shadone-v4-1.0.0-pre", let name = schema["$ref"]?.stringValue, name.hasPrefix("RequestState_"),
            let wrapper = description.schemas[name]
        else { return schema }
        for branch in wrapper["anyOf"]?.arrayValue ?? wrapper["oneOf"]?.arrayValue ?? [] {
            var target = branch
            if let reference = branch["$ref"]?.stringValue, let resolved = description.schemas[reference] { target = resolved }
            if let data = target.value(at: "properties.data") { return data }
        }
        return schema
    }

    /// Why lemmy-js-client's answer to NotePerson (in the shadone draft) is out of date.
    static let notePersonReason =
        "The description follows lemmy-js-client, which still types NotePerson's answer as SuccessResponse; Lemmy main "
        + "answers the noted person (`PersonResponse` from `local_user/note_person.rs`) since #6050, "
        + "\"Changing NotePerson response from SuccessResponse to PersonView\" (2025-10-08)."

    /// Why lemmy-js-client's answer to the admins' federation block and allow (in the shadone
    /// draft) is out of date (corrected in ``adjustResponseSchema(_:in:route:)``).
    static let federationListReason =
        "The description follows lemmy-js-client, which still types AdminBlockInstance's and AdminAllowInstance's "
        + "answer as SuccessResponse; Lemmy main answers `Json<FederatedInstanceView>` "
        + "(crates/api/api/src/site/admin_{block,allow}_instance.rs, since commit dc6ee1c16, 2025-10-23), and so does "
        + "the generated request (ServerCorrections.retyped)."

    /// Why MV-GH 0.18.3's answer to ApproveRegistrationApplication is wrong.
    static let approveAnswerReason =
        "MV-GH 0.18.3 gives the answer as a bare RegistrationApplicationView; Lemmy 0.18.5 "
        + "(crates/api_common/src/site.rs) and lemmy-js-client 0.18 wrap it as `{registration_application: "
        + "RegistrationApplicationView}`. The list route checks the view itself."

    /// Why the descriptions' settings backup is wrong.
    static let settingsBackupReason =
        "Lemmy answers the export and takes the import as `Json<UserSettingsBackup>`, one JSON object with every member "
        + "written, `null` for an absent one (no `skip_serializing_none`; serde reads `null` as `None` back): "
        + "crates/apub/src/api/user_settings_backup.rs at 0.19.13, crates/api/api/src/federation/user_settings_backup.rs "
        + "and crates/db_views/site/src/api.rs at main. The description types it as lemmy-js-client's `string` (MV-GH, "
        + "shadone v4), as an object with no members (shadone v3), or as ts-rs's `optional_fields`, which say absent, "
        + "not `null` (shadone v4's import)."

    static let all: [ConformanceException] = [
        ConformanceException(
            descriptions: ["mvgh-0.19.11"], route: "GET /user/export_settings", path: "$", kind: .type, reason: settingsBackupReason),
        ConformanceException(
            descriptions: ["mvgh-0.19.11"], route: "POST /user/import_settings", path: "$", kind: .type, reason: settingsBackupReason),
        ConformanceException(
            descriptions: ["shadone-v3-0.19.11"], route: "GET /user/export_settings", path: "$.*", kind: .undeclaredMember,
            reason: settingsBackupReason),
        ConformanceException(
            descriptions: ["shadone-v4-1.0.0-pre"], route: "GET /account/settings/export", path: "$", kind: .type,
            reason: settingsBackupReason),
        ConformanceException(
            descriptions: ["shadone-v4-1.0.0-pre"], route: "POST /account/settings/import", path: "$.*", kind: .type,
            reason: settingsBackupReason),
        // MARK: MV-GH 0.18.3 (evidence: v0.18/spud_* fixtures, written by real 0.18 servers)
        ConformanceException(
            descriptions: ["mvgh-0.18.3"], path: "*.followers_url", kind: .required,
            reason: "Real 0.18 servers never send Community.followers_url (spud fixtures); the description copies "
                + "lemmy-js-client 0.18.3's type, which requires it."),
        ConformanceException(
            descriptions: ["mvgh-0.18.3"], path: "*.inbox_url", kind: .required,
            reason: "Real 0.18 servers never send Community.inbox_url or Person.inbox_url (spud fixtures); the "
                + "description copies lemmy-js-client 0.18.3's types, which require them."),
        ConformanceException(
            descriptions: ["mvgh-0.18.3"], path: "*counts.community_id", kind: .undeclaredMember,
            reason: "Real 0.18 PostAggregates carry community_id (spud fixtures); the description's PostAggregates "
                + "omits it and says additionalProperties: false."),
        ConformanceException(
            descriptions: ["mvgh-0.18.3"], path: "*counts.creator_id", kind: .undeclaredMember,
            reason: "Real 0.18 PostAggregates carry creator_id (spud fixtures); the description's PostAggregates "
                + "omits it and says additionalProperties: false."),
        ConformanceException(
            descriptions: ["mvgh-0.18.3"], path: "$", kind: .status,
            reason: "MV-GH 0.18.3 lists 201 as the success status of every POST; Lemmy's handlers return `Json<T>`, "
                + "which actix sends as 200 OK (MV-GH's own 0.19 descriptions say 200). The body is still checked "
                + "against the 201 schema."),
        ConformanceException(
            descriptions: ["mvgh-0.18.3"], route: "PUT /admin/registration_application/approve", path: "$.creator*",
            kind: .required, reason: approveAnswerReason),
        ConformanceException(
            descriptions: ["mvgh-0.18.3"], route: "PUT /admin/registration_application/approve",
            path: "$.registration_application.*", kind: .required, reason: approveAnswerReason),
        ConformanceException(
            descriptions: ["mvgh-0.18.3"], route: "PUT /admin/registration_application/approve",
            path: "$.registration_application.*", kind: .undeclaredMember, reason: approveAnswerReason),

        // MARK: enum values a description lacks
        ConformanceException(
            descriptions: ["shadone-v3-0.19.11"], route: "GET /post/list", path: "query.sort", kind: .enumValue,
            reason: "shadone's 0.19.11 SortType lacks TopHour, which Lemmy 0.19 and lemmy-js-client 0.19 (every tag) have; "
                + "the other 0.19.11 description (MV-GH) lists it and still checks every sort value."),

        // MARK: a GET described with a body
        ConformanceException(
            descriptions: ["mvgh-0.19.11"], route: "GET /post/like/list", path: "query.*", kind: .parameter,
            reason: "The description gives ListPostLikes as a request body of a GET; lemmy-js-client 0.19 sends it as the "
                + "query (`post_id`, `page`, `limit`) like every other GET, and Lemmy reads it from the query."),
        ConformanceException(
            descriptions: ["mvgh-0.19.11"], route: "GET /comment/like/list", path: "query.*", kind: .parameter,
            reason: "The description gives ListCommentLikes as a request body of a GET; lemmy-js-client 0.19 sends it as the "
                + "query (`comment_id`, `page`, `limit`) like every other GET, and Lemmy reads it from the query."),
        ConformanceException(
            descriptions: ["mvgh-0.19.11"], route: "GET /account/list_media", path: "query.*", kind: .parameter,
            reason: "The description gives ListMedia as a request body of a GET; lemmy-js-client 0.19 sends it as the "
                + "query (`page`, `limit`), and Lemmy reads it from the query (`Query<ListMedia>`)."),
        ConformanceException(
            descriptions: ["mvgh-0.19.11"], route: "GET /admin/list_all_media", path: "query.*", kind: .parameter,
            reason: "The description gives ListMedia as a request body of a GET; lemmy-js-client 0.19 sends it as the "
                + "query (`page`, `limit`), and Lemmy reads it from the query (`Query<ListMedia>`)."),

        ConformanceException(
            descriptions: ["mvgh-0.19.11"], route: "GET /admin/registration_application", path: "query.person_id", kind: .parameter,
            reason: "The description declares no parameter for GetRegistrationApplication; lemmy-js-client 0.19.6 and later send "
                + "`person_id`, and Lemmy 0.19.13 reads it from the query (`Query<GetRegistrationApplication>`)."),

        // MARK: an answer described as another type
        ConformanceException(
            descriptions: ["mvgh-0.18.3", "mvgh-0.19.11"], route: "POST /community/transfer", path: "$.moderators",
            kind: .undeclaredMember,
            reason: "The description gives TransferCommunity a CommunityResponse; Lemmy 0.18.5 and 0.19.13 answer a "
                + "GetCommunityResponse (`community/transfer.rs`), with the moderators in their new order, as lemmy-js-client "
                + "and both shadone descriptions say."),

        // MARK: requests without a body in the description
        ConformanceException(
            descriptions: ["mvgh-0.19.11", "shadone-v3-0.19.11"], route: "POST /user/logout", path: "$", kind: .requestBody,
            reason: "The description gives Logout no request body; lemmy-js-client 0.19 posts `{}` and Lemmy ignores it."),
        ConformanceException(
            descriptions: ["mvgh-0.19.11", "shadone-v3-0.19.11"], route: "POST /user/mark_all_as_read", path: "$", kind: .requestBody,
            reason:
                "The description gives MarkAllAsRead no request body; lemmy-js-client 0.19 posts `{}` (0.18: `{auth}`) and Lemmy ignores it."
        ),
        ConformanceException(
            descriptions: ["shadone-v4-1.0.0-pre"], route: "POST /account/auth/logout", path: "$", kind: .requestBody,
            reason: "The description gives Logout no request body; lemmy-js-client posts `{}` and Lemmy ignores it."),
        ConformanceException(
            descriptions: ["shadone-v4-1.0.0-pre"], route: "POST /account/notification/mark_as_read/all", path: "$", kind: .requestBody,
            reason: "The description gives MarkAllNotificationsAsRead no request body; lemmy-js-client posts `{}` and Lemmy ignores it."),

        // MARK: shadone v4 1.0.0-pre: a draft of lemmy-js-client main (dafc558, 2026-06-14)
        ConformanceException(
            descriptions: ["shadone-v4-1.0.0-pre"], route: "POST /person/note", path: "$.success", kind: .required,
            reason: notePersonReason),
        ConformanceException(
            descriptions: ["shadone-v4-1.0.0-pre"], route: "POST /person/note", path: "$.person_view", kind: .undeclaredMember,
            reason: notePersonReason),
        ConformanceException(
            descriptions: ["shadone-v4-1.0.0-pre"], route: "GET /post", path: "$.moderators", kind: .undeclaredMember,
            reason: "Draft older than lemmy-js-client main: its GetPostResponse has no `moderators`, but lemmy-js-client "
                + "1.0.0-beta.1 (summit extract) has it required, and the reference diff 1.0.0-beta.1 -> main (2026-07) "
                + "does not remove it."),
        ConformanceException(
            descriptions: ["shadone-v4-1.0.0-pre"], route: "DELETE /custom_emoji", path: "$", kind: .operation,
            reason: "The description copies lemmy-js-client, which still sends DeleteCustomEmoji as `POST /custom_emoji/delete`; "
                + "Lemmy main routes it as `DELETE /custom_emoji` since LemmyNet/lemmy#6131 (d7c97d04b, 2025-11-11, "
                + "crates/api/routes/src/lib.rs) and serves no `/custom_emoji/delete`."),
    ]
}
