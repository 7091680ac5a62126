import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The admins' registration-application queue: sign-ups on an instance that requires an
/// application wait until an admin approves or denies them; only admins see the queue.
@Suite("Registration applications") @MainActor
struct RegistrationApplicationTests {
    static let password = "long enough password"

    /// Signs `name` up on `server` (which must require applications) and checks it is pending.
    static func apply(_ server: LemmyTestServer, _ name: String, answer: String = "I would like to join.") async throws {
        let guest = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: GatingLoader())
        let result = try await guest.register(Registration(username: name, password: password, applicationAnswer: answer))
        guard case .applicationPending = result else {
            Issue.record("\(name) is not pending: \(result)")
            return
        }
    }

    /// The error logging `name` in fails with, or nil if it succeeds.
    static func loginError(_ server: LemmyTestServer, _ name: String) async -> ApiClientError? {
        do {
            _ = try await ApiClient.login(to: server.baseURL, username: name, password: password, loader: GatingLoader())
            return nil
        } catch {
            return error
        }
    }

    @Test("Sign-up, the admin lists and approves it, the applicant logs in", arguments: LemmyDialect.allCases)
    func approveFlow(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            server.configureRegistration(RegistrationSettings(mode: .requireApplication))
            try await Self.apply(server, "applicant", answer: "I write Swift.")
            #expect(await Self.loginError(server, "applicant")?.lemmyCode == .registrationApplicationIsPending)

            let admin = try await login(server, "admin")
            try await admin.loadAccount()
            #expect(try await admin.unreadRegistrationApplicationCount() == 1)
            let unread = try await admin.registrationApplications().items
            #expect(unread.count == 1)
            let application = try #require(unread.first)
            #expect(application.applicant.name == "applicant")
            #expect(application.answer == "I write Swift.")
            #expect(application.state == .pending)
            #expect(application.admin == nil)

            #expect(await application.approve() == .confirmed)
            #expect(application.state == .approved)
            #expect(application.admin?.name == "admin")
            #expect(await application.approve() == .unchanged)

            #expect(try await admin.registrationApplications().items.isEmpty)
            #expect(try await admin.unreadRegistrationApplicationCount() == 0)
            let all = try await admin.registrationApplications(unreadOnly: false).items
            #expect(all.map(\.id) == [application.id])
            #expect(all.first?.state == .approved)

            #expect(await Self.loginError(server, "applicant") == nil)
        }
    }

    @Test("A denied applicant's login is refused with registration_denied and the reason", arguments: LemmyDialect.allCases)
    func denyFlow(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            server.configureRegistration(RegistrationSettings(mode: .requireApplication))
            try await Self.apply(server, "spammer")
            let admin = try await login(server, "admin")
            let application = try #require(try await admin.registrationApplications().items.first)
            #expect(await application.deny(reason: "Looks like spam") == .confirmed)
            #expect(application.state == .denied)
            #expect(application.denyReason == "Looks like spam")
            #expect(application.admin?.name == "admin")

            let error = await Self.loginError(server, "spammer")
            #expect(error?.kind == .lemmy)
            #expect(error?.lemmyCode == .registrationDenied)
            #expect(error?.message == "Looks like spam")

            let listed = try #require(try await admin.registrationApplications(unreadOnly: false).items.first)
            #expect(listed.state == .denied)
            #expect(listed.denyReason == "Looks like spam")
            #expect(try await admin.registrationApplications().items.isEmpty)
        }
    }

    @Test("A refused approval is rolled back and the applicant stays locked out", arguments: LemmyDialect.allCases)
    func refusedApprovalRollsBack(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            server.configureRegistration(RegistrationSettings(mode: .requireApplication))
            try await Self.apply(server, "applicant")
            let admin = try await login(server, "admin")
            let application = try #require(try await admin.registrationApplications().items.first)
            server.faults.add(FaultRule(.lemmyRateLimit, route: "/admin/registration_application/approve"))
            let result = await application.approve()
            #expect(result.isFailure)
            #expect(application.state == .pending)
            #expect(application.admin == nil)
            #expect(try await admin.registrationApplications().items.map(\.id) == [application.id])
            #expect(await Self.loginError(server, "applicant")?.lemmyCode == .registrationApplicationIsPending)
        }
    }

    @Test("Someone who is no admin is refused with not_an_admin", arguments: LemmyDialect.allCases)
    func notAnAdmin(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            server.configureRegistration(RegistrationSettings(mode: .requireApplication))
            try await Self.apply(server, "applicant")
            // A moderator is no admin either.
            let bob = try await login(server, "bob")
            let error = await #expect(throws: ApiClientError.self) { _ = try await bob.registrationApplications() }
            #expect(error?.kind == .lemmy)
            #expect(error?.lemmyCode == .notAnAdmin)
            if dialect != .v1_0 {
                let countError = await #expect(throws: ApiClientError.self) { _ = try await bob.unreadRegistrationApplicationCount() }
                #expect(countError?.lemmyCode == .notAnAdmin)
            } else {
                let countError = await #expect(throws: ApiClientError.self) { _ = try await bob.unreadRegistrationApplicationCount() }
                #expect(countError?.kind == .unsupported)
            }

            // Approving through the API directly: refused, and the applicant is still pending.
            let token = try #require(
                try await LemmyRawClient(instanceURL: server.baseURL).send(
                    LemmyAnyGeneration.Login(ApiLogin(usernameOrEmail: "carol", password: "password"))
                ).jwt)
            let carol = LemmyRawClient(instanceURL: server.baseURL, token: token)
            let refusal = await #expect(throws: LemmyClientError.self) {
                _ = try await carol.send(
                    LemmyAnyGeneration.ApproveRegistrationApplication(ApiApproveRegistrationApplication(id: 1, approve: true)))
            }
            #expect(refusal?.lemmyErrorCode == .notAnAdmin)
            #expect(await Self.loginError(server, "applicant")?.lemmyCode == .registrationApplicationIsPending)
        }
    }

    @Test(
        "Pages of the queue do not overlap and end; unread ones come oldest first on 0.19, newest first on 0.18",
        arguments: LemmyDialect.allCases)
    func paging(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            server.configureRegistration(RegistrationSettings(mode: .requireApplication))
            for name in ["first", "second", "third"] { try await Self.apply(server, name) }
            let admin = try await login(server, "admin")
            let page1 = try await admin.registrationApplications(limit: 2)
            #expect(page1.items.count == 2)
            let cursor = try #require(page1.next)
            let page2 = try await admin.registrationApplications(limit: 2, cursor: cursor)
            let names = (page1.items + page2.items).map(\.applicant.name)
            #expect(Set(names) == ["first", "second", "third"])
            #expect(names.count == 3)
            // 0.19 answers the queue first come, first served; 0.18.5 orders every list newest first.
            if dialect == .v0_19 { #expect(names == ["first", "second", "third"]) }
            if dialect == .v0_18 { #expect(names == ["third", "second", "first"]) }
            #expect(try await admin.unreadRegistrationApplicationCount() == 3)
        }
    }
}
