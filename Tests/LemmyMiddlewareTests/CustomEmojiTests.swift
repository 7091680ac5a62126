import Foundation
import LemmyAPI
@testable import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// `ApiClient`'s custom emojis over HTTP in each dialect (GetSite's list up to 0.19, 1.0's list
/// route, the admin's writes), and what the client keeps of a hostile server's emojis.
@Suite("Custom emojis") @MainActor
struct CustomEmojiTests {
    @Test("An admin adds, edits and removes emojis; anyone reads them, by category", arguments: LemmyDialect.allCases)
    func lifecycle(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            let admin = try await ApiClient.login(to: server.baseURL, username: "admin", password: "password", loader: GatingLoader())
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: GatingLoader())
            #expect(try await guest.customEmojis().isEmpty)
            let parrot = try await admin.createCustomEmoji(
                shortcode: " PartyParrot", imageURL: URL(string: "https://emoji.example/parrot.gif")!, altText: "A parrot",
                category: "Birds", keywords: ["Party", " bird "])
            #expect(parrot.shortcode == "partyparrot" && parrot.token == ":partyparrot:")
            #expect(Set(parrot.keywords) == ["party", "bird"])
            let wave = try await admin.createCustomEmoji(
                shortcode: "wave", imageURL: URL(string: "https://emoji.example/wave.png")!, altText: "A hand", category: "Apes")
            #expect(try await guest.customEmojis().map(\.shortcode) == ["wave", "partyparrot"])
            #expect(try await guest.customEmojis(category: "Birds") == [parrot])

            var changed = parrot
            changed.shortcode = "parrot"
            changed.altText = "A dancing parrot"
            changed.keywords = ["dance"]
            let edited = try await admin.editCustomEmoji(changed)
            // Only 1.0 changes a shortcode.
            #expect(edited.shortcode == (dialect == .v1_0 ? "parrot" : "partyparrot"))
            #expect(edited.altText == "A dancing parrot" && edited.keywords == ["dance"] && edited.id == parrot.id)

            try await admin.deleteCustomEmoji(id: wave.id)
            #expect(try await guest.customEmojis().map(\.id) == [parrot.id])
        }
    }

    @Test("Writes need an admin; a guest's is refused before anything is sent", arguments: LemmyDialect.allCases)
    func refusals(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            let image = URL(string: "https://emoji.example/x.png")!
            let alice = try await ApiClient.login(to: server.baseURL, username: "alice", password: "password", loader: GatingLoader())
            let refused = await failure { try await alice.createCustomEmoji(shortcode: "x", imageURL: image, altText: "", category: "") }
            #expect(refused?.lemmyCode == .notAnAdmin)
            let loader = GatingLoader()
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: loader)
            let asGuest = await failure { try await guest.createCustomEmoji(shortcode: "x", imageURL: image, altText: "", category: "") }
            #expect(asGuest?.kind == .notLoggedIn)
            // An emoji no list would show is refused before sending.
            let script = await failure {
                try await alice.createCustomEmoji(shortcode: "x", imageURL: URL(string: "javascript:alert(1)")!, altText: "", category: "")
            }
            #expect(script?.kind == .unsupported)
            let blank = await failure { try await alice.createCustomEmoji(shortcode: " \n", imageURL: image, altText: "", category: "") }
            #expect(blank?.kind == .unsupported)
            #expect(!loader.requestedPaths.contains { $0.hasSuffix("/custom_emoji") })
            // A taken shortcode is the database's refusal, passed on.
            let admin = try await ApiClient.login(to: server.baseURL, username: "admin", password: "password", loader: GatingLoader())
            _ = try await admin.createCustomEmoji(shortcode: "x", imageURL: image, altText: "", category: "")
            let taken = await failure {
                try await admin.createCustomEmoji(
                    shortcode: "X", imageURL: URL(string: "https://emoji.example/y.png")!, altText: "", category: "")
            }
            // 0.18 sends the database's text as plain text, 0.19 as `unknown`'s message, 1.0 as
            // `couldnt_create`'s cause.
            if dialect == .v1_0 {
                #expect(taken?.lemmyCode == .couldntCreate)
            } else {
                #expect(
                    [taken?.message, taken?.reason].contains { $0?.contains("custom_emoji_shortcode_key") == true },
                    "\(String(describing: taken))")
            }
        }
    }

    @Test("What a hostile server could send: emojis without a web image or a shortcode are left out")
    func hostileViews() {
        func view(_ shortcode: String, _ image: String) -> ApiCustomEmojiView {
            ApiCustomEmojiView(
                customEmoji: ApiCustomEmoji(
                    id: 1, shortcode: shortcode, imageUrl: image, altText: "a\u{1B}[31m", category: "c",
                    publishedAt: LemmyDate(Date(timeIntervalSince1970: 0))),
                keywords: [ApiCustomEmojiKeyword(customEmojiId: 1, keyword: "k")])
        }
        #expect(CustomEmoji(view("ok", "https://emoji.example/ok.png"))?.keywords == ["k"])
        #expect(CustomEmoji(view("ok", "javascript:alert(1)")) == nil)
        #expect(CustomEmoji(view("ok", "data:image/png;base64,AAAA")) == nil)
        #expect(CustomEmoji(view("ok", "https:///no-host")) == nil)
        #expect(CustomEmoji(view("", "https://emoji.example/ok.png")) == nil)
        // Text stays as sent: apps sanitise where they show it.
        #expect(CustomEmoji(view("ok", "https://emoji.example/ok.png"))?.altText == "a\u{1B}[31m")
    }

    private func failure(_ body: () async throws -> CustomEmoji) async -> ApiClientError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error as? ApiClientError
        }
    }
}
