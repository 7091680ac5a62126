import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Custom emojis as each Lemmy version keeps them (0.18.5 and 0.19.13's
/// `api_crud/src/custom_emoji`, 1.0's `api/api_crud/src/custom_emoji`): admins create, edit and
/// delete them; 0.18 and 0.19 list them in GetSite, 1.0 at `GET /custom_emoji/list`.
@Suite("Custom emojis per dialect")
struct CustomEmojiFidelityTests: RefusalChecking {
    static let all: [LemmyDialect] = [.v0_18, .v0_19, .v1_0]

    func create(_ client: TestClient, _ shortcode: String, image: String? = nil, category: String = "Faces", keywords: [String] = [])
        async throws -> TestClient.RawResponse
    {
        try await post(
            client, "/custom_emoji",
            [
                "shortcode": shortcode, "image_url": image ?? "https://emoji.example/\(Data(shortcode.utf8).base64EncodedString()).png",
                "alt_text": "Alt \(shortcode)", "category": category, "keywords": keywords,
            ])
    }

    /// The emojis the instance lists: GetSite's `custom_emojis` up to 0.19, the list route on 1.0.
    func listed(_ client: TestClient, category: String? = nil) async throws -> [[String: Any]] {
        let raw =
            client.dialect == .v1_0
            ? try await get(client, "/custom_emoji/list", category.map { ["category": $0] } ?? [:])
            : try await get(client, "/site", [:])
        #expect(raw.status == 200)
        let object = try #require(try JSONSerialization.jsonObject(with: raw.body) as? [String: Any])
        return try #require(object["custom_emojis"] as? [[String: Any]])
    }

    func emoji(_ view: [String: Any]) -> [String: Any] { view["custom_emoji"] as? [String: Any] ?? [:] }

    func keywords(_ view: [String: Any]) -> [String] {
        (view["keywords"] as? [[String: Any]] ?? []).compactMap { $0["keyword"] as? String }
    }

    func answered(_ raw: TestClient.RawResponse) throws -> [String: Any] {
        let object = try #require(try JSONSerialization.jsonObject(with: raw.body) as? [String: Any])
        return try #require(object["custom_emoji"] as? [String: Any])
    }

    /// A 1.0 refusal's `cause`.
    func cause(_ raw: TestClient.RawResponse) -> String? {
        (try? JSONSerialization.jsonObject(with: raw.body) as? [String: Any])?["cause"] as? String
    }

    /// How each version reports a database error Lemmy does not map: 0.18 the text as
    /// `text/plain`, 0.19 `unknown` with the text, 1.0 the handler's code with the text as cause.
    func expectDatabaseError(_ raw: TestClient.RawResponse, _ text: String, code: String, _ dialect: LemmyDialect) {
        let refusal = refusal(raw)
        #expect(refusal.status == 400)
        switch dialect {
        case .v0_18: #expect(refusal.code == "text" && refusal.message == text)
        case .v0_19: #expect(refusal.code == "unknown" && refusal.message == text)
        case .v1_0: #expect(refusal.code == code && cause(raw) == text)
        }
    }

    @Test("An admin's emoji is listed, its shortcode and keywords lowercased and trimmed", arguments: all)
    func createAndList(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            #expect(try await listed(admin).isEmpty)
            let made = try await create(admin, "  PartyParrot ", category: "Zoo", keywords: [" Bird", "PARTY "])
            #expect(made.status == 200)
            let view = try answered(made)
            #expect(emoji(view)["shortcode"] as? String == "partyparrot")
            #expect(emoji(view)["alt_text"] as? String == "Alt   PartyParrot ")
            // Unordered by Lemmy; a fresh server reads them through the (emoji, keyword) index.
            #expect(keywords(view) == ["bird", "party"])
            #expect(emoji(view)[dialect == .v1_0 ? "updated_at" : "updated"] == nil)
            #expect((emoji(view)["local_site_id"] != nil) == (dialect != .v1_0))
            // 0.18's keywords carry their own id; 0.19 made (emoji, keyword) the key.
            let keyword = try #require((view["keywords"] as? [[String: Any]])?.first)
            #expect((keyword["id"] != nil) == (dialect == .v0_18))
            #expect(keyword["custom_emoji_id"] as? Int == emoji(view)["id"] as? Int)
            // Listed by category, then id.
            #expect(try await create(admin, "wave", category: "Apes").status == 200)
            #expect(try await create(admin, "blush", category: "Zoo").status == 200)
            let shortcodes = try await listed(admin).map { emoji($0)["shortcode"] as? String }
            #expect(shortcodes == ["wave", "partyparrot", "blush"])
            if dialect == .v1_0 {
                // The list route filters by category, exactly; guests may read it.
                let guest = TestClient(server)
                #expect(try await listed(guest, category: "Zoo").map { emoji($0)["shortcode"] as? String } == ["partyparrot", "blush"])
                #expect(try await listed(guest, category: "zoo").isEmpty)
                // GetSite carries none.
                let site = try JSONSerialization.jsonObject(with: try await get(admin, "/site", [:]).body) as? [String: Any]
                #expect(site?["custom_emojis"] == nil)
            }
        }
    }

    @Test("Guests and people who are not admins are refused", arguments: all)
    func refusals(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            // 0.18's form requires `auth`: without it the body does not deserialize.
            let guest = refusal(try await create(TestClient(server), "smile"))
            if dialect == .v0_18 {
                #expect(
                    guest.status == 400 && guest.code == "text"
                        && guest.message?.hasPrefix("Json deserialize error: missing field `auth`") == true)
            } else {
                #expect(guest.status == 401 && guest.code == "incorrect_login")
            }
            let alice = try await TestClient(server).login("alice")
            let notAdmin = refusal(try await create(alice, "smile"))
            #expect(notAdmin.status == 400 && notAdmin.code == "not_an_admin")
            #expect(try await listed(alice).isEmpty)
        }
    }

    @Test("A taken shortcode or image, a long shortcode and a repeated keyword are database errors", arguments: all)
    func databaseErrors(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            #expect(try await create(admin, "smile", image: "https://emoji.example/smile.png").status == 200)
            expectDatabaseError(
                try await create(admin, " SMILE", image: "https://emoji.example/other.png"),
                #"duplicate key value violates unique constraint "custom_emoji_shortcode_key""#, code: "couldnt_create", dialect)
            expectDatabaseError(
                try await create(admin, "grin", image: "https://emoji.example/smile.png"),
                #"duplicate key value violates unique constraint "custom_emoji_image_url_key""#, code: "couldnt_create", dialect)
            expectDatabaseError(
                try await create(admin, String(repeating: "é", count: 129)), "value too long for type character varying(128)",
                code: "couldnt_create", dialect)
            #expect(try await create(admin, String(repeating: "é", count: 128)).status == 200)
            // The keywords go in after the emoji, outside a transaction: the emoji stays.
            let constraint = dialect == .v0_18 ? "custom_emoji_keyword_custom_emoji_id_keyword_key" : "custom_emoji_keyword_pkey"
            expectDatabaseError(
                try await create(admin, "wink", keywords: ["Eye", "eye "]),
                "duplicate key value violates unique constraint \"\(constraint)\"", code: "couldnt_create", dialect)
            let wink = try #require(try await listed(admin).first { emoji($0)["shortcode"] as? String == "wink" })
            #expect(keywords(wink).isEmpty)
            expectDatabaseError(
                try await create(admin, "nod", keywords: [String(repeating: "k", count: 129)]),
                "value too long for type character varying(128)", code: "couldnt_create", dialect)
        }
    }

    @Test("An image that is no URL fails as the body deserializes: before the login and the admin check", arguments: all)
    func imageDeserializes(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let body: [String: Any] = ["shortcode": "frown", "image_url": "not a url", "alt_text": "", "category": "", "keywords": []]
            let json = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
            // serde_json names the position just after the value's closing quote.
            let end = try #require(String(decoding: json, as: UTF8.self).range(of: "\"not a url\""))
            let column = String(decoding: json, as: UTF8.self)[..<end.upperBound].utf8.count
            let expected =
                "Json deserialize error: invalid value: string \"not a url\", expected relative URL without a base at line 1 column \(column)"
            for name in [nil, "alice", "admin"] as [String?] {
                let client = name == nil ? TestClient(server) : try await TestClient(server).login(name!)
                var headers: [(String, String)] = []
                if let token = client.token, dialect != .v0_18 { headers.append(("Authorization", "Bearer \(token)")) }
                let raw = try await client.raw("POST", path: prefix(dialect) + "/custom_emoji", body: json, headers: headers)
                let bad = refusal(raw)
                #expect(
                    bad.status == 400 && (dialect == .v0_18 ? bad.code == "text" : bad.code == "unknown"), "\(String(describing: name))")
                #expect(bad.message == expected, "\(String(describing: name))")
            }
        }
    }

    @Test(
        "Refused inserts still take their ids; text is compared by its bytes; Rust lowercasing and Postgres' space trimming", arguments: all
    )
    func rowDetails(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            #expect(emoji(try answered(try await create(admin, "one")))["id"] as? Int == 1)
            // Two refused by a unique index (each took an id), one too long (took none).
            #expect(try await create(admin, "one").status == 400)
            #expect(
                try await create(admin, "two", image: "https://emoji.example/" + Data("one".utf8).base64EncodedString() + ".png").status
                    == 400)
            #expect(try await create(admin, String(repeating: "z", count: 129)).status == 400)
            #expect(emoji(try answered(try await create(admin, "three")))["id"] as? Int == 4)
            // "café" twice, once with a combining accent: other bytes, so both are taken.
            #expect(try await create(admin, "caf\u{E9}").status == 200)
            #expect(try await create(admin, "cafe\u{301}").status == 200)
            // Rust's to_lowercase ends a word with the final sigma.
            #expect(emoji(try answered(try await create(admin, "ΣΑΣ")))["shortcode"] as? String == "σας")
            // Past the 128th character, Postgres drops spaces and refuses anything else. Only
            // 0.18 can leave a trailing space (it cleans the HTML after trimming).
            #expect(try await create(admin, String(repeating: "p", count: 127) + " q").status == 400)
            let cut = try await create(admin, String(repeating: "x", count: 128) + " <img src=a>")
            if dialect == .v0_18 {
                #expect(emoji(try answered(cut))["shortcode"] as? String == String(repeating: "x", count: 128))
            } else {
                #expect(cut.status == 400)
            }
        }
    }

    @Test("0.18's keyword rows take their ids before a repeated keyword is refused")
    func keywordIds() async throws {
        try await withServer(.v0_18) { server in
            let admin = try await TestClient(server).login("admin")
            let first = try answered(try await create(admin, "a", keywords: ["x"]))
            #expect((first["keywords"] as? [[String: Any]])?.first?["id"] as? Int == 1)
            #expect(try await create(admin, "b", keywords: ["y", "z", "y"]).status == 400)
            let next = try answered(try await create(admin, "c", keywords: ["x"]))
            #expect((next["keywords"] as? [[String: Any]])?.first?["id"] as? Int == 5)
        }
    }

    @Test("0.18 cleans the shortcode, alt text and category as HTML; later versions store them as sent", arguments: all)
    func htmlCleaning(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let view = try answered(try await create(admin, "<script>x</script>Cat", category: "A&B <img src=x>"))
            if dialect == .v0_18 {
                #expect(emoji(view)["shortcode"] as? String == "cat")
                #expect(emoji(view)["category"] as? String == "A&amp;B ")
            } else {
                #expect(emoji(view)["shortcode"] as? String == "<script>x</script>cat")
                #expect(emoji(view)["category"] as? String == "A&B <img src=x>")
            }
        }
    }

    @Test("An edit replaces the image, text and keywords; only 1.0 changes the shortcode or leaves fields out", arguments: all)
    func edit(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let id = try #require(emoji(try answered(try await create(admin, "smile", keywords: ["happy", "grin"])))["id"] as? Int)
            var form: [String: Any] = [
                "id": id, "image_url": "https://emoji.example/new.png", "alt_text": "New", "category": "Moods", "keywords": [" Glad"],
            ]
            if dialect == .v1_0 { form["shortcode"] = " Beam " }
            let edited = try answered(try await post(admin, "/custom_emoji", form, method: "PUT"))
            #expect(emoji(edited)["shortcode"] as? String == (dialect == .v1_0 ? "beam" : "smile"))
            #expect(emoji(edited)["image_url"] as? String == "https://emoji.example/new.png")
            #expect(emoji(edited)["category"] as? String == "Moods")
            #expect(keywords(edited) == ["glad"])
            // Lemmy never sets the time of an edit.
            #expect(emoji(edited)[dialect == .v1_0 ? "updated_at" : "updated"] == nil)
            let missing = try await post(admin, "/custom_emoji", form.merging(["id": id + 100]) { $1 }, method: "PUT")
            switch dialect {
            case .v0_18:
                #expect(missing.status == 404 && String(decoding: missing.body, as: UTF8.self) == "Record not found")
            case .v0_19:
                #expect(
                    refusal(missing).status == 404 && refusal(missing).code == "unknown" && refusal(missing).message == "Record not found")
            case .v1_0:
                #expect(refusal(missing).status == 400 && refusal(missing).code == "couldnt_update" && cause(missing) == "Record not found")
            }
            let partial = try await post(admin, "/custom_emoji", ["id": id, "alt_text": "Only this"], method: "PUT")
            // A keyword refused on an edit is the keyword insert's error: 1.0's `couldnt_create`.
            let longKeyword = form.merging(["keywords": [String(repeating: "k", count: 129)]]) { $1 }
            let refusedKeyword = try await post(admin, "/custom_emoji", longKeyword, method: "PUT")
            #expect(refusal(refusedKeyword).status == 400 && (dialect != .v1_0 || refusal(refusedKeyword).code == "couldnt_create"))
            if dialect == .v1_0 {
                let kept = try answered(partial)
                #expect(emoji(kept)["alt_text"] as? String == "Only this" && emoji(kept)["category"] as? String == "Moods")
                #expect(keywords(kept) == ["glad"], "keywords left out stay")
                let empty = try await post(admin, "/custom_emoji", ["id": id, "keywords": ["x"]], method: "PUT")
                #expect(refusal(empty).code == "couldnt_update")
                #expect(cause(empty) == "There are no changes to save. This query cannot be built")
            } else {
                #expect(refusal(partial).status == 400 && refusal(partial).message?.contains("missing field") == true)
            }
        }
    }

    @Test("A delete removes the emoji; deleting one that is not there succeeds too", arguments: all)
    func delete(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let id = try #require(emoji(try answered(try await create(admin, "smile")))["id"] as? Int)
            let (method, path) = dialect == .v1_0 ? ("DELETE", "/custom_emoji") : ("POST", "/custom_emoji/delete")
            for target in [id, id] {
                let answer = try await post(admin, path, ["id": target], method: method)
                let object = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
                #expect(answer.status == 200 && object["success"] as? Bool == true)
                #expect((object["id"] as? Int == target) == (dialect == .v0_18))
            }
            #expect(try await listed(admin).isEmpty)
            // The ids of deleted emojis are not given out again.
            #expect(emoji(try answered(try await create(admin, "grin")))["id"] as? Int == id + 1)
            if dialect == .v1_0 {
                // 1.0 moved the delete from `POST /custom_emoji/delete` (lemmy-js-client still sends that).
                #expect(try await post(admin, "/custom_emoji/delete", ["id": id + 1]).status == 404)
            }
            let alice = try await TestClient(server).login("alice")
            #expect(refusal(try await post(alice, path, ["id": id + 1], method: method)).code == "not_an_admin")
        }
    }
}
