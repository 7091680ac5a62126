import Foundation
import LemmyAPI
import LemmyMiddleware
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// The admins' edit of the site's settings through ApiClient, against the test server.
@Suite("Site settings") @MainActor
struct SiteSettingsTests {
    @Test(
        "An admin's edit is answered, read back, stored under each version's names, and shown by the site's models",
        arguments: [
            LemmyDialect.v0_18, .v0_19, .v1_0,
        ])
    func edit(_ dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            let site = try await admin.getSite()
            let edited = try await admin.editSite(
                SiteSettingsChange(
                    name: "Gardeners", summary: "For people who garden", sidebar: "", legalInformation: "Be kind",
                    registrationMode: .requireApplication, applicationQuestion: "Why do you garden?", emailVerificationRequired: true,
                    communityCreationAdminOnly: true))
            #expect(edited.name == "Gardeners" && edited.summary == "For people who garden" && edited.sidebar == nil)
            #expect(edited.legalInformation == "Be kind" && edited.registrationMode == .requireApplication)
            #expect(edited.applicationQuestion == "Why do you garden?" && edited.emailVerificationRequired)
            #expect(edited.communityCreationAdminOnly && edited.updated != nil)
            #expect(try await admin.siteSettings() == edited)
            // The live model the app shows took the answer, without another read.
            #expect(site.name == "Gardeners" && site.summary == "For people who garden" && site.sidebar == nil)
            let stored = try server.store.with { db in db.site }
            #expect(stored.description == "For people who garden" && stored.requireEmailVerification)
            #expect(try await admin.registrationRequirements().mode == .requireApplication)
        }
    }

    @Test("0.18 answers its texts HTML-escaped: the settings read them back as the site's models do")
    func escapedText() async throws {
        try await withServer(.v0_18) { server in
            let admin = try await login(server, "admin")
            let site = try await admin.getSite()
            let edited = try await admin.editSite(SiteSettingsChange(name: "Dig & Grow", sidebar: "Fish > chips"))
            #expect(try server.store.with { db in db.site.name } == "Dig &amp; Grow")
            #expect(edited.name == "Dig & Grow" && edited.sidebar == "Fish > chips" && site.name == "Dig & Grow")
            #expect(try await admin.siteSettings().name == "Dig & Grow")
        }
    }

    @Test("Lemmy's refusals arrive with their codes, and change nothing", arguments: [LemmyDialect.v0_19, .v1_0])
    func refusals(_ dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            let bob = try await login(server, "bob")
            let notAdmin = await #expect(throws: ApiClientError.self) { try await bob.editSite(SiteSettingsChange(name: "Bob's")) }
            #expect(notAdmin?.lemmyCode == .notAnAdmin)
            let empty = await #expect(throws: ApiClientError.self) { try await admin.editSite(SiteSettingsChange(name: "")) }
            #expect(empty?.lemmyCode == .siteNameRequired)
            let noQuestion = await #expect(throws: ApiClientError.self) {
                try await admin.editSite(SiteSettingsChange(summary: "New", registrationMode: .requireApplication))
            }
            #expect(noQuestion?.lemmyCode == .applicationQuestionRequired)
            let settings = try await admin.siteSettings()
            #expect(settings.name == "Lemmy Test Server" && settings.summary != "New" && settings.registrationMode == .open)
        }
    }

    @Test("What the server's version lacks is refused before any request: a content warning before 0.19.4, invitations before 1.0")
    func unavailable() async throws {
        for dialect in [LemmyDialect.v0_18, .v0_19] {
            try await withServer(dialect) { server in
                let loader = GatingLoader()
                let admin = try await login(server, "admin", loader: loader)
                _ = try await admin.siteSettings()
                let sent = loader.requestedPaths.count
                let invitation = await #expect(throws: ApiClientError.self) {
                    try await admin.editSite(SiteSettingsChange(registrationMode: .requireInvitation))
                }
                #expect(invitation?.kind == .unavailableInVersion)
                if dialect == .v0_18 {
                    let warning = await #expect(throws: ApiClientError.self) {
                        try await admin.editSite(SiteSettingsChange(contentWarning: "Gardening talk"))
                    }
                    #expect(warning?.kind == .unavailableInVersion)
                } else {
                    // The seeded 0.19 server is 0.19.4 or later: it takes the warning.
                    #expect(
                        try await admin.editSite(SiteSettingsChange(contentWarning: "Gardening talk")).contentWarning == "Gardening talk")
                }
                #expect(loader.requestedPaths.count == sent + (dialect == .v0_19 ? 1 : 0))
            }
        }
    }
}
