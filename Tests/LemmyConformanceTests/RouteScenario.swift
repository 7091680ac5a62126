import Foundation
import LemmyConformance
import LemmyTestServer

/// One call of a scenario. `build` sees what earlier answers captured (ids of created items,
/// inbox entries, reports) and returns nil when the call cannot be made meaningfully.
struct ScenarioStep: Sendable {
    var route: String
    var build: @Sendable (Captures) -> RawRequest?
    /// Stores values from the answer for later steps.
    var capture: (@Sendable (JSONValue, inout Captures) -> Void)?
}

typealias Captures = [String: JSONValue]

/// A realistic session against a seeded test server that calls every route the server serves
/// in a dialect with valid, meaningful parameters: reads as a guest and as alice, writes by
/// alice (reports too: carol already reported what the scenario reports, and Lemmy takes one report
/// per person and item), moderation by bob (moderator of communities 1 and 2), the admin's
/// queues, logout last. The site takes new accounts by application, so the newcomer's sign-up
/// gives the admin an application to approve.
///
/// Seeded ids: admin 1, alice 2, bob 3, carol 4; posts 1...30; comments 1...200; communities 1...3.
enum RouteScenario {
    static func steps(_ dialect: LemmyDialect) -> [ScenarioStep] {
        dialect == .v1_0 ? v4 : v3(dialect)
    }

    private static func step(
        _ method: String, _ path: String, user: String? = nil, query: [(String, String)] = [], body: JSONValue? = nil,
        capture: (@Sendable (JSONValue, inout Captures) -> Void)? = nil
    ) -> ScenarioStep {
        ScenarioStep(
            route: "\(method) \(path)", build: { _ in RawRequest(method: method, path: path, query: query, body: body, user: user) },
            capture: capture)
    }

    private static func step(
        _ method: String, _ path: String, user: String?, needs key: String,
        _ make: @escaping @Sendable (JSONValue) -> (query: [(String, String)], body: JSONValue?)
    ) -> ScenarioStep {
        ScenarioStep(
            route: "\(method) \(path)",
            build: { captures in
                guard let value = captures[key] else { return nil }
                let (query, body) = make(value)
                return RawRequest(method: method, path: path, query: query, body: body, user: user)
            })
    }

    /// A settings backup of alice's, exported and imported again as it was.
    private static func settingsBackupSteps(export: String, import: String) -> [ScenarioStep] {
        [
            step("GET", export, user: "alice", capture: { answer, captures in captures["settingsBackup"] = answer }),
            step("POST", `import`, user: "alice", needs: "settingsBackup") { backup in ([], backup) },
        ]
    }

    /// Two-factor setup: generating a secret, turning two-factor login on with the code of the
    /// URL answered, and off again (so the scenario's last login needs no code), then the list
    /// of the account's logins.
    private static func twoFactorSteps(user: String, prefix: String, edit: String, logins: String) -> [ScenarioStep] {
        let toggle = { (enabled: Bool) in
            step("POST", "\(prefix)/\(edit)", user: user, needs: "totpURL") { url -> ([(String, String)], JSONValue?) in
                guard case .string(let text) = url else { return ([], nil) }
                return ([], ["totp_token": .string(TOTP.code(otpauthURL: text, at: Date()) ?? ""), "enabled": .bool(enabled)])
            }
        }
        return [
            // Lemmy reads no body here (nor do the descriptions give one).
            step("POST", "\(prefix)/generate", user: user, capture: keep("totpURL", "totp_secret_url")),
            toggle(true),
            toggle(false),
            step("GET", logins, user: user),
        ]
    }

    /// Stores `path` of the answer under `key`.
    private static func keep(_ key: String, _ path: String) -> @Sendable (JSONValue, inout Captures) -> Void {
        { answer, captures in if let value = answer.value(at: path), value != .null { captures[key] = value } }
    }

    static func v3(_ dialect: LemmyDialect) -> [ScenarioStep] {
        let v19 = dialect == .v0_19
        var steps: [ScenarioStep] =
            emojiSteps(v4: false) + [
                step("GET", "/site"),
                step("GET", "/site", user: "alice"),
                step(
                    "POST", "/user/register",
                    body: [
                        "username": "newcomer", "password": "password123", "password_verify": "password123", "show_nsfw": false,
                        "answer": "I would like to join.", "email": "newcomer@example.test",
                    ]),
                // The link the sign-up emailed; the admin's queue lists the application once it is used.
                step("POST", "/user/verify_email", user: nil, needs: "verificationToken") { token in ([], ["token": token]) },
                step("GET", "/admin/registration_application/count", user: "admin"),
                step(
                    "GET", "/admin/registration_application/list", user: "admin", query: [("unread_only", "true"), ("limit", "10")],
                    capture: { answer, captures in
                        keep("application", "registration_applications.0.registration_application.id")(answer, &captures)
                        keep("applicant", "registration_applications.0.creator.id")(answer, &captures)
                    }),
                step("PUT", "/admin/registration_application/approve", user: "admin", needs: "application") { id in
                    ([], ["id": id, "approve": true])
                },
            ]
            + (v19
                ? [
                    step("GET", "/admin/registration_application", user: "admin", needs: "applicant") { id in
                        ([("person_id", "\(id)")], nil)
                    }
                ] : []) + [
                step("GET", "/post/list", user: "alice", query: [("type_", "All"), ("sort", "Hot"), ("limit", "5")]),
                // A seeded video page: title, description, image, embed (and 0.19's content type). 0.18
                // takes no auth here.
                step("GET", "/post/site_metadata", user: v19 ? "alice" : nil, query: [("url", "https://video.example/watch/3")]),
                step("GET", "/post", user: "alice", query: [("id", "1")], capture: keep("apId", "post_view.post.ap_id")),
                step("GET", "/comment/list", user: "alice", query: [("post_id", "1"), ("sort", "Hot"), ("max_depth", "3")]),
                step("GET", "/comment", user: "alice", query: [("id", "1")]),
                step("GET", "/community", user: "alice", query: [("id", "1")]),
                step("GET", "/community/list", user: "alice", query: [("type_", "All"), ("sort", "Hot"), ("limit", "5")]),
                step("GET", "/user", user: "alice", query: [("person_id", "3"), ("sort", "New"), ("limit", "5")]),
                step("GET", "/search", user: "alice", query: [("q", "a"), ("type_", "All"), ("limit", "5")]),
                step("GET", "/modlog", query: [("limit", "5")]),
                step("GET", "/federated_instances"),
                step(
                    "GET", "/user/replies", user: "alice", query: [("sort", "New"), ("limit", "10")],
                    capture: keep("reply", "replies.0.comment_reply.id")),
                step(
                    "GET", "/user/mention", user: "alice", query: [("sort", "New"), ("limit", "10")],
                    capture: keep("mention", "mentions.0.person_mention.id")),
                step(
                    "GET", "/private_message/list", user: "alice", query: [("limit", "10")],
                    capture: keep("message", "private_messages.0.private_message.id")),
                step("GET", "/user/unread_count", user: "alice"),
                step("GET", "/user/report_count", user: "bob"),
                step(
                    "GET", "/post/report/list", user: "bob", query: [("limit", "10")],
                    capture: keep("postReport", "post_reports.0.post_report.id")),
                step(
                    "GET", "/comment/report/list", user: "bob", query: [("limit", "10")],
                    capture: keep("commentReport", "comment_reports.0.comment_report.id")),
                step("GET", "/resolve_object", user: "alice", needs: "apId") { apId in ([("q", apId.stringValue ?? "")], nil) },
                step(
                    "POST", "/post", user: "alice", body: ["name": "Conformance post", "community_id": 1, "body": "Body text"],
                    capture: keep("post", "post_view.post.id")),
                step("PUT", "/post", user: "alice", needs: "post") { id in ([], ["post_id": id, "name": "Conformance post, edited"]) },
                step("POST", "/post/like", user: "alice", body: ["post_id": 1, "score": 1]),
                step("PUT", "/post/save", user: "alice", body: ["post_id": 1, "save": true]),
                step(
                    "POST", "/post/mark_as_read", user: "alice",
                    body: v19 ? ["post_ids": [1], "read": true] : ["post_id": 1, "read": true]),
                step(
                    "POST", "/comment", user: "alice", body: ["content": "A conformance comment", "post_id": 1],
                    capture: keep("comment", "comment_view.comment.id")),
                step("PUT", "/comment", user: "alice", needs: "comment") { id in ([], ["comment_id": id, "content": "An edited comment"]) },
                step("POST", "/comment/like", user: "alice", body: ["comment_id": 1, "score": 1]),
                step("PUT", "/comment/save", user: "alice", body: ["comment_id": 1, "save": true]),
                step(
                    "POST", "/comment", user: "admin", body: ["content": "Speaking as an admin", "post_id": 1],
                    capture: keep("adminComment", "comment_view.comment.id")),
                step("POST", "/comment/distinguish", user: "admin", needs: "adminComment") { id in
                    ([], ["comment_id": id, "distinguished": true])
                },
                step("POST", "/comment/mark_as_read", user: "alice", needs: "reply") { id in ([], ["comment_reply_id": id, "read": true]) },
                step("POST", "/user/mention/mark_as_read", user: "alice", needs: "mention") { id in
                    ([], ["person_mention_id": id, "read": true])
                },
                step("POST", "/private_message/mark_as_read", user: "alice", needs: "message") { id in
                    ([], ["private_message_id": id, "read": true])
                },
                step(
                    "POST", "/private_message", user: "alice", body: ["content": "Hello Bob", "recipient_id": 3],
                    capture: keep("sent", "private_message_view.private_message.id")),
                step("PUT", "/private_message", user: "alice", needs: "sent") { id in
                    ([], ["private_message_id": id, "content": "Hello, Bob"])
                },
                step("POST", "/private_message/report", user: "bob", needs: "sent") { id in
                    ([], ["private_message_id": id, "reason": "Spam"])
                },
                step(
                    "GET", "/private_message/report/list", user: "admin", query: [("unresolved_only", "true"), ("limit", "10")],
                    capture: keep("messageReport", "private_message_reports.0.private_message_report.id")),
                step("PUT", "/private_message/report/resolve", user: "admin", needs: "messageReport") { id in
                    ([], ["report_id": id, "resolved": true])
                },
                step("POST", "/private_message/delete", user: "alice", needs: "sent") { id in
                    ([], ["private_message_id": id, "deleted": true])
                },
                step("POST", "/user/mark_all_as_read", user: "alice", body: [:]),
                step("POST", "/community/follow", user: "alice", body: ["community_id": 3, "follow": true]),
                step("POST", "/community/block", user: "alice", body: ["community_id": 3, "block": true]),
                step("POST", "/user/block", user: "alice", body: ["person_id": 4, "block": true]),
                // The account again, now with blocks: 0.18/0.19 list them as block views.
                step("GET", "/site", user: "alice"),
                step("POST", "/post/report", user: "alice", body: ["post_id": 2, "reason": "Spam"]),
                step("POST", "/comment/report", user: "alice", body: ["comment_id": 2, "reason": "Rude"]),
                step("PUT", "/post/report/resolve", user: "bob", needs: "postReport") { id in ([], ["report_id": id, "resolved": true]) },
                step("PUT", "/comment/report/resolve", user: "bob", needs: "commentReport") { id in
                    ([], ["report_id": id, "resolved": true])
                },
                step("POST", "/post/lock", user: "bob", body: ["post_id": 1, "locked": true]),
                step("POST", "/post/feature", user: "bob", body: ["post_id": 1, "featured": true, "feature_type": "Community"]),
                step(
                    "POST", "/community/ban_user", user: "bob",
                    body: ["community_id": 1, "person_id": 8, "ban": true, "reason": "Trolling"]),
                step("POST", "/community/mod", user: "bob", body: ["community_id": 1, "person_id": 2, "added": true]),
                // bob hands community 1 to alice, and the admin hands it back; the admin appoints
                // alice an admin, and she leaves again.
                step("POST", "/community/transfer", user: "bob", body: ["community_id": 1, "person_id": 2]),
                step("POST", "/community/transfer", user: "admin", body: ["community_id": 1, "person_id": 3]),
                step("POST", "/admin/add", user: "admin", body: ["person_id": 2, "added": true]),
                step("POST", "/user/leave_admin", user: "alice"),
                step("PUT", "/site", user: "admin", body: ["sidebar": "Edited", "legal_information": "Be kind", "taglines": ["Grow"]]),
                step("POST", "/post/remove", user: "bob", needs: "post") { id in
                    ([], ["post_id": id, "removed": true, "reason": "Off topic"])
                },
                step("POST", "/comment/remove", user: "bob", needs: "comment") { id in
                    ([], ["comment_id": id, "removed": true, "reason": "Off topic"])
                },
                step("POST", "/comment/delete", user: "alice", needs: "comment") { id in ([], ["comment_id": id, "deleted": true]) },
                step("POST", "/post/delete", user: "alice", needs: "post") { id in ([], ["post_id": id, "deleted": true]) },
                // Communities and the account: bob's and carol's last calls (their tokens end here).
                step("GET", "/user/get_captcha"),
                step(
                    "POST", "/community", user: "alice", body: ["name": "conformance", "title": "Conformance"],
                    capture: keep("community", "community_view.community.id")),
                step("PUT", "/community", user: "bob", body: ["community_id": 1, "title": "Edited title"]),
                // alice, its creator, is the new community's top moderator; removing it is the admin's.
                step("POST", "/community/delete", user: "alice", needs: "community") { id in ([], ["community_id": id, "deleted": true]) },
                step("POST", "/community/remove", user: "admin", needs: "community") { id in
                    ([], ["community_id": id, "removed": true, "reason": "Spam"])
                },
                step("POST", "/admin/purge/comment", user: "admin", body: ["comment_id": 3, "reason": "Doxxing"]),
                step("POST", "/admin/purge/post", user: "admin", body: ["post_id": 5, "reason": "Illegal"]),
                step("POST", "/admin/purge/person", user: "admin", body: ["person_id": 9, "reason": "Spam bot"]),
                step("POST", "/admin/purge/community", user: "admin", needs: "community") { id in
                    ([], ["community_id": id, "reason": "Spam"])
                },
                step("POST", "/user/ban", user: "admin", body: ["person_id": 7, "ban": true, "reason": "Spam", "remove_data": true]),
                step("GET", "/user/banned", user: "admin"),
                // The purges' and the ban's modlog entries, against the descriptions too.
                step("GET", "/modlog", user: "admin", query: [("limit", "50")]),
                step("PUT", "/user/save_user_settings", user: "alice", body: ["show_nsfw": true, "default_sort_type": "New"]),
                step(
                    "PUT", "/user/change_password", user: "bob",
                    body: ["new_password": "password456", "new_password_verify": "password456", "old_password": "password"]),
                step(
                    "POST", "/user/delete_account", user: "carol",
                    body: v19 ? ["password": "password", "delete_content": false] : ["password": "password"]),
            ]
        if v19 {
            steps.append(step("PUT", "/community/hide", user: "admin", body: ["community_id": 3, "hidden": true]))
            steps += settingsBackupSteps(export: "/user/export_settings", import: "/user/import_settings")
            steps += [
                step("POST", "/post/hide", user: "alice", body: ["post_ids": [2], "hide": true]),
                // Instance 1 is the local one, which cannot be blocked; 2 is a known remote instance.
                step("POST", "/site/block", user: "alice", body: ["instance_id": 2, "block": true]),
            ]
            steps += twoFactorSteps(user: "alice", prefix: "/user/totp", edit: "update", logins: "/user/list_logins")
            steps.append(step("POST", "/user/logout", user: "alice", body: [:]))
        }
        if v19 {
            // Who voted: 0.19.4 and later, for moderators and admins.
            steps.append(step("GET", "/post/like/list", user: "admin", query: [("post_id", "1"), ("limit", "10")]))
            steps.append(step("GET", "/comment/like/list", user: "admin", query: [("comment_id", "1"), ("limit", "10")]))
            steps.append(step("GET", "/user/validate_auth", user: "admin"))
            // Lists of uploads: 0.19.4 and later.
            steps.append(step("GET", "/account/list_media", user: "admin", query: [("limit", "10")]))
            steps.append(step("GET", "/admin/list_all_media", user: "admin", query: [("limit", "10")]))
        }
        // The emoji the site listed all along goes last.
        steps.append(step("POST", "/custom_emoji/delete", user: "admin", needs: "emoji") { id in ([], ["id": id]) })
        steps.append(step("POST", "/user/password_reset", body: ["email": "alice@lemmy.test"]))
        steps.append(step("POST", "/user/password_change", user: nil, needs: "resetToken", Self.newPassword))
        return steps + [step("POST", "/user/login", body: ["username_or_email": "alice", "password": "password123"])]
    }

    /// An admin's custom emoji, made and edited first so that every GetSite after lists one
    /// (0.18, 0.19; 1.0 lists them at `/custom_emoji/list`).
    private static func emojiSteps(v4: Bool) -> [ScenarioStep] {
        [
            step(
                "POST", "/custom_emoji", user: "admin",
                body: [
                    "shortcode": "wave", "image_url": "https://emoji.example/wave.png", "alt_text": "A waving hand", "category": "Hands",
                    "keywords": ["hello", "bye"],
                ],
                capture: keep("emoji", "custom_emoji.custom_emoji.id")),
            step("PUT", "/custom_emoji", user: "admin", needs: "emoji") { id in
                (
                    [],
                    [
                        "id": id, "image_url": "https://emoji.example/wave-2.png", "alt_text": "A hand, waving", "category": "Hands",
                        "keywords": ["hi"],
                    ]
                )
            },
        ] + (v4 ? [step("GET", "/custom_emoji/list", query: [("category", "Hands")])] : [])
    }

    static let v4: [ScenarioStep] =
        emojiSteps(v4: true) + [
            step("GET", "/site"),
            step("GET", "/site", user: "alice"),
            step("GET", "/account", user: "alice"),
            step(
                "POST", "/account/auth/register",
                body: [
                    "username": "newcomer", "password": "password123", "password_verify": "password123", "answer": "I would like to join.",
                    "email": "newcomer@example.test",
                ]),
            step("POST", "/account/auth/resend_verification_email", body: ["email": "newcomer@example.test"]),
            // The newest link the sign-up emailed; the admin's queue lists the application once it is used.
            step("POST", "/account/auth/verify_email", user: nil, needs: "verificationToken") { token in ([], ["token": token]) },
            step(
                "GET", "/admin/registration_application/list", user: "admin", query: [("unread_only", "true"), ("limit", "10")],
                capture: { answer, captures in
                    keep("application", "items.0.registration_application.id")(answer, &captures)
                    keep("applicant", "items.0.creator.id")(answer, &captures)
                }),
            step("PUT", "/admin/registration_application/approve", user: "admin", needs: "application") { id in
                ([], ["id": id, "approve": true])
            },
            step("GET", "/admin/registration_application", user: "admin", needs: "applicant") { id in
                ([("person_id", "\(id)")], nil)
            },
            step("GET", "/post/list", user: "alice", query: [("type_", "all"), ("sort", "hot"), ("limit", "5")]),
            step("GET", "/post/site_metadata", user: "alice", query: [("url", "https://video.example/watch/3")]),
            step("GET", "/post", user: "alice", query: [("id", "1")], capture: keep("apId", "post_view.post.ap_id")),
            step("GET", "/comment/list", user: "alice", query: [("post_id", "1"), ("sort", "hot"), ("max_depth", "3")]),
            step("GET", "/comment", user: "alice", query: [("id", "1")]),
            step("GET", "/community", user: "alice", query: [("id", "1")]),
            step("GET", "/community/list", user: "alice", query: [("type_", "all"), ("sort", "hot"), ("limit", "5")]),
            step("GET", "/person", user: "alice", query: [("person_id", "3")]),
            step("GET", "/person/content", user: "alice", query: [("person_id", "3"), ("limit", "5")]),
            step("GET", "/account/saved", user: "alice", query: [("limit", "5")]),
            step("GET", "/search", user: "alice", query: [("search_term", "a"), ("limit", "5")]),
            step("GET", "/modlog", query: [("limit", "5")]),
            step("GET", "/federated_instances", query: [("kind", "linked"), ("limit", "10")]),
            step(
                "GET", "/account/notification/list", user: "alice", query: [("limit", "10")],
                capture: keep("notification", "items.0.notification.id")),
            step("GET", "/account/unread_counts", user: "alice"),
            step("GET", "/account/validate_auth", user: "alice"),
            step("POST", "/account/auth/password_reset", body: ["email": "alice@lemmy.test"]),
            step("GET", "/report/list", user: "bob", query: [("limit", "50")]) { answer, captures in
                for item in answer["items"]?.arrayValue ?? [] {
                    if captures["postReport"] == nil, let id = item.value(at: "post_report.id") { captures["postReport"] = id }
                    if captures["commentReport"] == nil, let id = item.value(at: "comment_report.id") { captures["commentReport"] = id }
                }
            },
            step("GET", "/resolve_object", user: "alice", needs: "apId") { apId in ([("q", apId.stringValue ?? "")], nil) },
            step(
                "POST", "/post", user: "alice", body: ["name": "Conformance post", "community_id": 1, "body": "Body text"],
                capture: keep("post", "post_view.post.id")),
            step("PUT", "/post", user: "alice", needs: "post") { id in ([], ["post_id": id, "name": "Conformance post, edited"]) },
            step("POST", "/post/like", user: "alice", body: ["post_id": 1, "is_upvote": true]),
            step("GET", "/post/like/list", user: "admin", query: [("post_id", "1"), ("limit", "10")]),
            step("GET", "/comment/like/list", user: "admin", query: [("comment_id", "1"), ("limit", "10")]),
            step("GET", "/account/media/list", user: "alice", query: [("limit", "10")]),
            step("GET", "/image/list", user: "admin", query: [("limit", "10")]),
            step("PUT", "/post/save", user: "alice", body: ["post_id": 1, "save": true]),
            step("POST", "/post/mark_as_read", user: "alice", body: ["post_id": 1, "read": true]),
            step("POST", "/post/mark_as_read/many", user: "alice", body: ["post_ids": [2, 3], "read": true]),
            step("POST", "/post/hide", user: "alice", body: ["post_id": 4, "hide": true]),
            step(
                "POST", "/comment", user: "alice", body: ["content": "A conformance comment", "post_id": 1],
                capture: keep("comment", "comment_view.comment.id")),
            step("PUT", "/comment", user: "alice", needs: "comment") { id in ([], ["comment_id": id, "content": "An edited comment"]) },
            step("POST", "/comment/like", user: "alice", body: ["comment_id": 1, "is_upvote": true]),
            step("PUT", "/comment/save", user: "alice", body: ["comment_id": 1, "save": true]),
            // What alice voted on, read and hid, just above.
            step("GET", "/account/liked", user: "alice", query: [("like_type", "liked_only"), ("limit", "10")]),
            step("GET", "/account/read", user: "alice", query: [("limit", "10")]),
            step("GET", "/account/hidden", user: "alice", query: [("limit", "10")]),
            step(
                "POST", "/comment", user: "admin", body: ["content": "Speaking as an admin", "post_id": 1],
                capture: keep("adminComment", "comment_view.comment.id")),
            step("POST", "/comment/distinguish", user: "admin", needs: "adminComment") { id in
                ([], ["comment_id": id, "distinguished": true])
            },
            step("POST", "/account/notification/mark_as_read", user: "alice", needs: "notification") { id in
                ([], ["notification_id": id, "read": true])
            },
            step(
                "POST", "/private_message", user: "alice", body: ["content": "Hello Bob", "recipient_id": 3],
                capture: keep("sent", "private_message_view.private_message.id")),
            step("PUT", "/private_message", user: "alice", needs: "sent") { id in ([], ["private_message_id": id, "content": "Hello, Bob"])
            },
            step("POST", "/private_message/report", user: "bob", needs: "sent") { id in ([], ["private_message_id": id, "reason": "Spam"])
            },
            step(
                "GET", "/report/list", user: "admin", query: [("type_", "private_messages"), ("limit", "10")],
                capture: keep("messageReport", "items.0.private_message_report.id")),
            step("PUT", "/private_message/report/resolve", user: "admin", needs: "messageReport") { id in
                ([], ["report_id": id, "resolved": true])
            },
            // The federation lists: block a new domain and lift it, then allow one and take it off.
            step("POST", "/admin/instance/block", user: "admin", body: ["instance": "spam.example", "block": true, "reason": "Spam"]),
            step("POST", "/admin/instance/block", user: "admin", body: ["instance": "spam.example", "block": false, "reason": "Over"]),
            step("POST", "/admin/instance/allow", user: "admin", body: ["instance": "friend.example", "allow": true, "reason": "Friends"]),
            step("POST", "/admin/instance/allow", user: "admin", body: ["instance": "friend.example", "allow": false, "reason": "Over"]),
            // A report about a community goes to the admins alone.
            step("POST", "/community/report", user: "alice", body: ["community_id": 2, "reason": "Breaks the rules"]),
            step(
                "GET", "/report/list", user: "admin", query: [("type_", "communities"), ("limit", "10")],
                capture: keep("communityReport", "items.0.community_report.id")),
            step("PUT", "/community/report/resolve", user: "admin", needs: "communityReport") { id in
                ([], ["report_id": id, "resolved": true])
            },
            step("DELETE", "/private_message", user: "alice", needs: "sent") { id in ([], ["private_message_id": id, "deleted": true]) },
            step("POST", "/account/notification/mark_as_read/all", user: "alice", body: [:]),
            step("POST", "/community/follow", user: "alice", body: ["community_id": 3, "follow": true]),
            step("POST", "/account/block/community", user: "alice", body: ["community_id": 3, "block": true]),
            step("POST", "/account/block/person", user: "alice", body: ["person_id": 4, "block": true]),
            step("POST", "/account/block/instance/communities", user: "alice", body: ["instance_id": 2, "block": true]),
            step("POST", "/account/block/instance/persons", user: "alice", body: ["instance_id": 2, "block": true]),
            // The account again, now with blocks: 1.0 lists the communities and people themselves.
            step("GET", "/account", user: "alice"),
            step("POST", "/post/report", user: "alice", body: ["post_id": 2, "reason": "Spam"]),
            step("POST", "/comment/report", user: "alice", body: ["comment_id": 2, "reason": "Rude"]),
            step("PUT", "/post/report/resolve", user: "bob", needs: "postReport") { id in ([], ["report_id": id, "resolved": true]) },
            step("PUT", "/comment/report/resolve", user: "bob", needs: "commentReport") { id in ([], ["report_id": id, "resolved": true]) },
            step("POST", "/post/lock", user: "bob", body: ["post_id": 1, "locked": true, "reason": "Heated"]),
            step("POST", "/post/feature", user: "bob", body: ["post_id": 1, "featured": true, "feature_type": "community"]),
            step("POST", "/community/ban_user", user: "bob", body: ["community_id": 1, "person_id": 8, "ban": true, "reason": "Trolling"]),
            step("POST", "/community/mod", user: "bob", body: ["community_id": 1, "person_id": 2, "added": true]),
            // bob hands community 1 to alice, and the admin hands it back; the admin appoints alice
            // an admin and dismisses her (1.0 has no LeaveAdmin).
            step("POST", "/community/transfer", user: "bob", body: ["community_id": 1, "person_id": 2]),
            step("POST", "/community/transfer", user: "admin", body: ["community_id": 1, "person_id": 3]),
            step("POST", "/admin/add", user: "admin", body: ["person_id": 2, "added": true]),
            step("POST", "/admin/add", user: "admin", body: ["person_id": 2, "added": false]),
            step("PUT", "/site", user: "admin", body: ["sidebar": "Edited", "legal_information": "Be kind"]),
            step("POST", "/admin/tagline", user: "admin", body: ["content": "Dig in"], capture: keep("tagline", "tagline.id")),
            step("PUT", "/admin/tagline", user: "admin", needs: "tagline") { id in ([], ["id": id, "content": "Grow"]) },
            step("GET", "/admin/tagline/list", query: [("limit", "5")]),
            step("DELETE", "/admin/tagline", user: "admin", needs: "tagline") { id in ([], ["id": id]) },
            // alice keeps a note about bob, which her later reads of his posts and profile carry.
            step("POST", "/person/note", user: "alice", body: ["person_id": 3, "note": "Met at the meetup"]),
            // The people alice finds by name: bob, with her note.
            step("GET", "/person/list", user: "alice", query: [("search_term", "bob"), ("sort", "old"), ("limit", "5")]),
            // Warnings come before the removals: 1.0 warns only about what the moderator reads.
            step("POST", "/post/warn", user: "bob", needs: "post") { id in ([], ["post_id": id, "reason": "Mind the rules"]) },
            step("POST", "/comment/warn", user: "bob", needs: "comment") { id in ([], ["comment_id": id, "reason": "Mind the tone"]) },
            step("POST", "/post/remove", user: "bob", needs: "post") { id in ([], ["post_id": id, "removed": true, "reason": "Off topic"])
            },
            step("POST", "/comment/lock", user: "bob", needs: "comment") { id in
                ([], ["comment_id": id, "locked": true, "reason": "Heated"])
            },
            step("POST", "/comment/remove", user: "bob", needs: "comment") { id in
                ([], ["comment_id": id, "removed": true, "reason": "Off topic"])
            },
            // What alice heard of those actions: appointments, the transfer, the removals, the lock, the
            // warnings.
            step("GET", "/account/notification/list", user: "alice", query: [("type_", "mod_action"), ("limit", "20")]),
            step("DELETE", "/comment", user: "alice", needs: "comment") { id in ([], ["comment_id": id, "deleted": true]) },
            step("DELETE", "/post", user: "alice", needs: "post") { id in ([], ["post_id": id, "deleted": true]) },
            // A follow request to a private community: carol asks, bob (its moderator) sees it
            // listed and counted, and approves it.
            step("PUT", "/community", user: "bob", body: ["community_id": 2, "visibility": "private"]),
            step("POST", "/community/follow", user: "carol", body: ["community_id": 2, "follow": false]),
            step("POST", "/community/follow", user: "carol", body: ["community_id": 2, "follow": true]),
            step("GET", "/community/pending_follows/list", user: "bob", query: [("unread_only", "true"), ("limit", "10")]),
            step("GET", "/account/unread_counts", user: "bob"),
            step("POST", "/community/pending_follows/approve", user: "bob", body: ["community_id": 2, "follower_id": 4, "approve": true]),
            // Notification settings: carol hears of every post and comment in community 1 and mutes
            // post 2; bob's new post there reaches her inbox as `subscribed`, with the post.
            step("PUT", "/community/notifications", user: "carol", body: ["community_id": 1, "mode": "all_posts_and_comments"]),
            step("PUT", "/post/notifications", user: "carol", body: ["post_id": 2, "mode": "mute"]),
            step("POST", "/post", user: "bob", body: ["name": "For the subscribers", "community_id": 1, "body": "Hello, subscribers"]),
            step("GET", "/account/notification/list", user: "carol", query: [("type_", "subscribed"), ("limit", "10")]),
            step("GET", "/community", user: "carol", query: [("id", "1")]),
            step("GET", "/post", user: "carol", query: [("id", "2")]),
            // Multi-communities: carol makes one of communities 1 and 2, edits it, removes 2 (and
            // asks to remove it again: still a success); bob follows it; the list, the read, its
            // posts and carol's followed ones.
            step(
                "POST", "/multi_community", user: "carol", body: ["name": "reading", "title": "Reading list", "summary": "Picked"],
                capture: keep("multi", "multi_community_view.multi.id")),
            step("POST", "/multi_community/entry", user: "carol", needs: "multi") { id in ([], ["id": id, "community_id": 1]) },
            step("POST", "/multi_community/entry", user: "carol", needs: "multi") { id in ([], ["id": id, "community_id": 2]) },
            step("PUT", "/multi_community", user: "carol", needs: "multi") { id in ([], ["id": id, "sidebar": "About the list"]) },
            step("DELETE", "/multi_community/entry", user: "carol", needs: "multi") { id in ([], ["id": id, "community_id": 2]) },
            step("DELETE", "/multi_community/entry", user: "carol", needs: "multi") { id in ([], ["id": id, "community_id": 2]) },
            step("POST", "/multi_community/follow", user: "bob", needs: "multi") { id in ([], ["multi_community_id": id, "follow": true]) },
            step("GET", "/multi_community/list", user: "bob", query: [("type_", "subscribed"), ("sort", "name_asc")]),
            step("GET", "/multi_community", query: [("name", "reading")]),
            step("GET", "/community/random", query: [("type_", "local")]),
            step("GET", "/post/list", user: "bob", needs: "multi") { id in
                ([("multi_community_id", "\(id)"), ("type_", "all"), ("limit", "5")], nil)
            },
            // Pictures: carol clears her avatar and banner, bob community 1's icon and 2's banner,
            // the admin the site's (their uploads are multipart: PictureFidelityTests).
            step("DELETE", "/account/avatar", user: "carol"),
            step("DELETE", "/account/banner", user: "carol"),
            step("DELETE", "/community/icon", user: "bob", body: ["id": 1]),
            step("DELETE", "/community/banner", user: "bob", body: ["id": 2]),
            step("DELETE", "/site/icon", user: "admin"),
            step("DELETE", "/site/banner", user: "admin"),
            step("GET", "/account", user: "carol"),
            // Communities and the account: bob's and carol's last calls (their tokens end here).
            step("GET", "/account/auth/get_captcha"),
            step(
                "POST", "/community", user: "alice", body: ["name": "conformance", "title": "Conformance"],
                capture: keep("community", "community_view.community.id")),
            step("PUT", "/community", user: "bob", body: ["community_id": 1, "title": "Edited title"]),
            // Community tags: bob's new one, edited, put on the scenario's post as a moderator, deleted.
            step(
                "POST", "/community/tag", user: "bob",
                body: ["community_id": 1, "name": "howto", "display_name": "How-to", "summary": "Guides", "color": "color05"],
                capture: keep("tag", "id")),
            step("PUT", "/community/tag", user: "bob", needs: "tag") { id in ([], ["tag_id": id, "display_name": "How to"]) },
            step("PUT", "/post/mod_edit", user: "bob", needs: "tag") { id in ([], ["post_id": 1, "nsfw": false, "tags": [id]]) },
            step("DELETE", "/community/tag", user: "bob", needs: "tag") { id in ([], ["tag_id": id, "delete": true]) },
            // alice, its creator, is the new community's top moderator; removing it is the admin's.
            step("DELETE", "/community", user: "alice", needs: "community") { id in ([], ["community_id": id, "deleted": true]) },
            step("POST", "/community/remove", user: "admin", needs: "community") { id in
                ([], ["community_id": id, "removed": true, "reason": "Spam"])
            },
            step("POST", "/admin/purge/comment", user: "admin", body: ["comment_id": 3, "reason": "Doxxing"]),
            step("POST", "/admin/purge/post", user: "admin", body: ["post_id": 5, "reason": "Illegal"]),
            step("POST", "/admin/purge/person", user: "admin", body: ["person_id": 9, "reason": "Spam bot"]),
            step("POST", "/admin/purge/community", user: "admin", needs: "community") { id in ([], ["community_id": id, "reason": "Spam"])
            },
            step(
                "POST", "/admin/ban", user: "admin", body: ["person_id": 7, "ban": true, "reason": "Spam", "remove_or_restore_data": true]),
            step("GET", "/admin/users", user: "admin", query: [("banned_only", "true"), ("limit", "10")]),
            // The purges' and the ban's modlog entries, against the descriptions too.
            step("GET", "/modlog", user: "admin", query: [("limit", "50")]),
            // No /community/hide: the descriptions (and lemmy-js-client) still have it, 1.0 does not
            // (Lemmy #5478 replaced hiding with the visibility `unlisted`).
            step("PUT", "/account/settings/save", user: "alice", body: ["show_nsfw": true, "default_post_sort_type": "new"]),
        ] + settingsBackupSteps(export: "/account/settings/export", import: "/account/settings/import") + [
            step(
                "PUT", "/account/auth/change_password", user: "bob",
                body: ["new_password": "password456", "new_password_verify": "password456", "old_password": "password"]),
            step("DELETE", "/account", user: "carol", body: ["password": "password", "delete_content": false]),
        ] + twoFactorSteps(user: "alice", prefix: "/account/auth/totp", edit: "edit", logins: "/account/login/list") + [
            step("DELETE", "/custom_emoji", user: "admin", needs: "emoji") { id in ([], ["id": id]) },
            step("POST", "/account/auth/logout", user: "alice", body: [:]),
            // The link of the password reset asked for above.
            step("POST", "/account/auth/password_change", user: nil, needs: "resetToken", newPassword),
            step("POST", "/account/auth/login", body: ["username_or_email": "alice", "password": "password123"]),
        ]

    /// The body of a password change after reset with `token`: alice's new password, which the
    /// scenario's last login uses.
    private static func newPassword(_ token: JSONValue) -> (query: [(String, String)], body: JSONValue?) {
        ([], ["token": token, "password": "password123", "password_verify": "password123"])
    }
}
