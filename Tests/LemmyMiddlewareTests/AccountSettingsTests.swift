import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Settings, password, deletion, sign-up and two-factor login, over HTTP in each dialect.
@Suite("Account") @MainActor
struct AccountSettingsTests {
    @Test(
        "Settings load with the account and save only what changed; the account shows the server's values", arguments: LemmyDialect.allCases
    )
    func settings(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let account = try await alice.loadAccount()
            let loaded = try #require(account.settings)
            #expect(!loaded.showNSFW)
            #expect(loaded.defaultListing == .local)
            #expect(loaded.defaultSort == (dialect == .v1_0 ? .hot : .active))
            #expect(loaded.displayName == "Alice")
            #expect(loaded.showDownvotes == (dialect == .v0_18 ? nil : .show))

            var wanted = loaded
            wanted.showNSFW = true
            wanted.blurNSFW = false
            wanted.showReadPosts = false
            wanted.defaultSort = .top(.week)
            wanted.defaultListing = .all
            wanted.isBot = true
            wanted.showBotAccounts = false
            // 0.18 and 0.19 always add undetermined (0); 1.0 takes the list as it is.
            wanted.discussionLanguages = dialect == .v1_0 ? [37] : [0]
            wanted.displayName = "Alice Cooper"
            wanted.bio = "Writes tests."
            if dialect != .v1_0 { wanted.avatar = URL(string: "https://images.example/alice.png") }
            // 1.0 takes a VoteShow, 0.19 a bool; 0.18 has no such setting.
            if dialect != .v0_18 { wanted.showDownvotes = dialect == .v1_0 ? .showForOthers : .hide }
            try await alice.saveSettings(wanted)
            #expect(account.settings == wanted)

            // Another session reads what the server stored.
            let again = try await login(server, "alice")
            #expect(try await again.loadAccount().settings == wanted)

            // Clearing a text sends an empty string, which Lemmy takes as "none".
            wanted.displayName = nil
            try await alice.saveSettings(wanted)
            #expect(account.settings?.displayName == nil)
        }
    }

    @Test("On 1.0 a default sort without a window clears the stored one, which the server would otherwise apply to every list")
    func defaultSortClearsWindow() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await login(server, "alice")
            var wanted = try #require(try await alice.loadAccount().settings)
            wanted.defaultSort = .top(.hour)
            try await alice.saveSettings(wanted)
            wanted.defaultSort = .new
            try await alice.saveSettings(wanted)
            // What the server stored, read outside the client.
            let raw = LemmyRawClient(instanceURL: server.baseURL)
            let token = try #require(try await raw.send(LemmyV4.Login(ApiLogin(usernameOrEmail: "alice", password: "password"))).jwt)
            let user = try await LemmyRawClient(instanceURL: server.baseURL, token: token).send(LemmyV4.GetMyUser()).localUserView.localUser
            #expect(user.defaultPostSortType == .new)
            #expect(user.defaultPostTimeRangeSeconds == nil)
        }
    }

    @Test("On 1.0 an account's default window does not narrow lists of other sorts, nor comment trees: LemmyKit's lists name their window")
    func defaultWindowLeavesOtherSortsWhole() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await login(server, "alice")
            let before = try await alice.getPosts(feed: .all, sort: .new, limit: 50).items
            let commented = try #require(before.first { $0.commentCount > 0 })
            let tree = try await alice.getCommentTree(postId: commented.id)
            let flat = try await alice.getComments(postId: commented.id).items
            try #require(!tree.isEmpty && !flat.isEmpty)

            var wanted = try #require(try await alice.loadAccount().settings)
            wanted.defaultSort = .top(.hour)
            try await alice.saveSettings(wanted)
            // The seed's posts and comments are older than an hour.
            #expect(try await alice.getPosts(feed: .all, sort: .new, limit: 50).items.map(\.id) == before.map(\.id))
            #expect(try await alice.getCommentTree(postId: commented.id).map(\.id) == tree.map(\.id))
            #expect(try await alice.getComments(postId: commented.id).items.map(\.id) == flat.map(\.id))
            let page = try await alice.getCommentTreePage(postId: commented.id)
            #expect(page.items.map(\.id) == tree.map(\.id))
            // Top with its window still narrows.
            #expect(try await alice.getPosts(feed: .all, sort: .top(.hour), limit: 50).items.count < before.count)
        }
    }

    @Test(
        "Hiding posts with media: 1.0 stores it and leaves image and video posts out of feeds; earlier versions refuse it before sending",
        arguments: LemmyDialect.allCases)
    func hidePostsWithMedia(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let account = try await alice.loadAccount()
            var wanted = try #require(account.settings)
            #expect(wanted.hidePostsWithMedia == (dialect == .v1_0 ? false : nil))
            wanted.hidePostsWithMedia = true
            guard dialect == .v1_0 else {
                await #expect {
                    try await alice.saveSettings(wanted)
                } throws: { error in
                    (error as? ApiClientError)?.kind == .unavailableInVersion
                }
                return
            }
            let before = try await alice.getPosts(feed: .all, sort: .new, limit: 50).items
            try await alice.saveSettings(wanted)
            #expect(account.settings?.hidePostsWithMedia == true)
            let after = try await alice.getPosts(feed: .all, sort: .new, limit: 50).items
            #expect(after.count < before.count)
            #expect(Set(after.map(\.id)).isSubset(of: before.map(\.id)))
            #expect(after.allSatisfy { $0.linkURL?.pathExtension != "jpeg" })
        }
    }

    @Test("Settings a version cannot take are refused before a request; bad values get the server's code", arguments: LemmyDialect.allCases)
    func settingsRefusals(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let account = try await alice.loadAccount()
            let loaded = try #require(account.settings)

            var downvotes = loaded
            downvotes.showDownvotes = .hide
            if dialect == .v0_18 {
                do {
                    try await alice.saveSettings(downvotes)
                    Issue.record("show_downvotes was sent to 0.18")
                } catch {
                    #expect(error.isUnavailableInVersion)
                }
            } else {
                try await alice.saveSettings(downvotes)
                #expect(account.settings?.showDownvotes == .hide)
            }
            // "Others only" is a 1.0 value; 0.19's bool cannot say it.
            downvotes.showDownvotes = .showForOthers
            if dialect == .v1_0 {
                try await alice.saveSettings(downvotes)
                #expect(account.settings?.showDownvotes == .showForOthers)
            } else {
                do {
                    try await alice.saveSettings(downvotes)
                    Issue.record("showForOthers was sent to \(dialect)")
                } catch {
                    #expect(error.isUnavailableInVersion)
                }
                #expect(account.settings?.showDownvotes == (dialect == .v0_19 ? .hide : nil))
            }

            var avatar = loaded
            avatar.avatar = URL(string: "https://images.example/a.png")
            if dialect == .v1_0 {
                do {
                    try await alice.saveSettings(avatar)
                    Issue.record("an avatar URL was sent to 1.0")
                } catch {
                    #expect(error.isUnavailableInVersion)
                }
            }

            var scaled = loaded
            scaled.defaultSort = .scaled
            if dialect == .v0_18 {
                do {
                    try await alice.saveSettings(scaled)
                    Issue.record("scaled was sent to 0.18")
                } catch {
                    #expect(error.isUnavailableInVersion)
                }
            }

            var badName = loaded
            badName.displayName = "@x"
            do {
                try await alice.saveSettings(badName)
                Issue.record("an invalid display name was stored")
            } catch {
                #expect(error.lemmyCodeName == (dialect == .v0_18 ? "invalid_username" : "invalid_display_name"))
            }
            #expect(account.settings?.displayName == "Alice")
        }
    }

    @Test("Changing the password needs the old one; the client keeps working with its new token", arguments: LemmyDialect.allCases)
    func changePassword(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            do {
                try await alice.changePassword(old: "not my password", new: "a new password")
                Issue.record("a wrong old password was accepted")
            } catch {
                #expect(error.isWrongPassword)
                #expect(error.lemmyCodeName == (dialect == .v0_18 ? "password_incorrect" : "incorrect_login"))
            }
            #expect(alice.isAuthenticated)
            _ = try await alice.loadAccount()

            try await alice.changePassword(old: "password", new: "a new password")
            #expect(try await alice.loadAccount().person?.name == "alice")
            do {
                _ = try await login(server, "alice")
                Issue.record("the old password still logs in")
            } catch {
                #expect(error.isWrongPassword && error.lemmyCodeName == "incorrect_login")
            }
            let fresh = try await ApiClient.login(to: server.baseURL, username: "alice", password: "a new password", loader: GatingLoader())
            #expect(fresh.isAuthenticated)
        }
    }

    @Test("Deleting the account needs its password; afterwards it cannot log in", arguments: LemmyDialect.allCases)
    func deleteAccount(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let carol = try await login(server, "carol")
            do {
                try await carol.deleteAccount(password: "wrong password")
                Issue.record("a wrong password deleted the account")
            } catch {
                #expect(error.isWrongPassword)
            }
            _ = try await carol.loadAccount()
            try await carol.deleteAccount(password: "password")
            do {
                _ = try await login(server, "carol")
                Issue.record("a deleted account logged in")
            } catch {
                // Lemmy keeps the local user: the right password is told the account is deleted.
                #expect((error as? ApiClientError)?.lemmyCode == .deleted, "\(error)")
            }
        }
    }

    @Test("Two-factor accounts need their TOTP code to log in", arguments: LemmyDialect.allCases)
    func twoFactor(dialect: LemmyDialect) async throws {
        // The server's clock is fixed: a slow run (the thread sanitizer's) would otherwise outlive
        // the codes' 30-second step between computing a code and the server checking it.
        let now = Date()
        var configuration = LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)
        configuration.clock = { now }
        try await withServer(configuration) { server in
            let user = LemmyTestServer.twoFactorUsername
            do {
                _ = try await ApiClient.login(to: server.baseURL, username: user, password: "password", loader: GatingLoader())
                Issue.record("logged in without a second factor")
            } catch {
                #expect(error.needsTOTP)
            }
            // 0.18 computes codes with SHA-256, later versions with SHA-1.
            let algorithm = TOTP.algorithm(for: dialect)
            let code = TOTP.code(secret: TOTP.seededSecret, at: now, algorithm: algorithm)
            let wrong = String(format: "%06d", (Int(code)! + 1) % 1_000_000)
            do {
                _ = try await ApiClient.login(to: server.baseURL, username: user, password: "password", totp: wrong, loader: GatingLoader())
                Issue.record("logged in with a wrong code")
            } catch {
                #expect(error.isWrongTOTP)
                #expect(!error.needsTOTP)
            }
            let client = try await ApiClient.login(
                to: server.baseURL, username: user, password: "password", totp: code, loader: GatingLoader())
            #expect(try await client.loadAccount().person?.name == user)
        }
    }

    @Test("TOTP codes are RFC 6238's (its SHA-1 and SHA-256 test vectors)")
    func totpVectors() {
        let secret = TOTP.seededSecret
        #expect(TOTP.code(secret: secret, at: Date(timeIntervalSince1970: 59), digits: 8) == "94287082")
        #expect(TOTP.code(secret: secret, at: Date(timeIntervalSince1970: 1_111_111_109), digits: 8) == "07081804")
        #expect(TOTP.code(secret: secret, at: Date(timeIntervalSince1970: 2_000_000_000), digits: 8) == "69279037")
        #expect(TOTP.code(secret: secret, at: Date(timeIntervalSince1970: 59)) == "287082")
        // RFC 6238's SHA-256 key is 32 bytes.
        let key256 = Array("12345678901234567890123456789012".utf8)
        #expect(TOTP.code(secret: key256, at: Date(timeIntervalSince1970: 59), digits: 8, algorithm: .sha256) == "46119246")
        #expect(TOTP.code(secret: key256, at: Date(timeIntervalSince1970: 1_111_111_109), digits: 8, algorithm: .sha256) == "68084774")
        #expect(TOTP.code(secret: key256, at: Date(timeIntervalSince1970: 2_000_000_000), digits: 8, algorithm: .sha256) == "90698825")
    }

    @Test("Sign-up on an open instance logs in", arguments: LemmyDialect.allCases)
    func registerOpen(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: GatingLoader())
            let requirements = try await guest.registrationRequirements()
            #expect(requirements.mode == .open && !requirements.captcha)
            #expect(try await guest.getCaptcha() == nil)
            let result = try await guest.register(Registration(username: "newcomer", password: "long enough password"))
            guard case .loggedIn(let client) = result else {
                Issue.record("not logged in: \(result)")
                return
            }
            #expect(try await client.loadAccount().person?.name == "newcomer")
            do {
                _ = try await guest.register(Registration(username: "newcomer", password: "long enough password"))
                Issue.record("a taken name was registered")
            } catch {
                #expect(error.lemmyCodeName == "user_already_exists")
            }
        }
    }

    @Test(
        "Sign-up with a captcha: missing and wrong answers get the version's code, the right one logs in", arguments: LemmyDialect.allCases)
    func registerCaptcha(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            server.configureRegistration(RegistrationSettings(captcha: true))
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: GatingLoader())
            #expect(try await guest.registrationRequirements().captcha)
            let refusal = dialect == .v1_0 ? "plugin_error" : "captcha_incorrect"
            do {
                _ = try await guest.register(Registration(username: "robot", password: "long enough password"))
                Issue.record("registered without a captcha")
            } catch {
                #expect(error.lemmyCodeName == refusal)
            }
            let wrong = try #require(try await guest.getCaptcha())
            #expect(wrong.png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            do {
                _ = try await guest.register(
                    Registration(
                        username: "robot", password: "long enough password",
                        captcha: (wrong.uuid, "WRONG!")))
                Issue.record("registered with a wrong captcha answer")
            } catch {
                #expect(error.lemmyCodeName == refusal)
            }
            let captcha = try #require(try await guest.getCaptcha())
            let answer = try #require(server.captchaAnswer(uuid: captcha.uuid))
            let result = try await guest.register(
                Registration(
                    username: "human", password: "long enough password",
                    captcha: (captcha.uuid, answer.lowercased())))
            guard case .loggedIn = result else {
                Issue.record("not logged in: \(result)")
                return
            }
            #expect(server.captchaAnswer(uuid: captcha.uuid) == nil)
        }
    }

    @Test("Sign-up with an application waits for an admin; without an answer it is refused", arguments: LemmyDialect.allCases)
    func registerApplication(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            server.configureRegistration(RegistrationSettings(mode: .requireApplication))
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: GatingLoader())
            #expect(try await guest.registrationRequirements().mode == .requireApplication)
            do {
                _ = try await guest.register(Registration(username: "applicant", password: "long enough password"))
                Issue.record("registered without an application answer")
            } catch {
                #expect(error.lemmyCodeName == "registration_application_answer_required")
            }
            let result = try await guest.register(
                Registration(
                    username: "applicant", password: "long enough password",
                    applicationAnswer: "I like Swift."))
            guard case .applicationPending(let emailSent) = result else {
                Issue.record("not pending: \(result)")
                return
            }
            #expect(!emailSent)
            do {
                _ = try await ApiClient.login(
                    to: server.baseURL, username: "applicant", password: "long enough password", loader: GatingLoader())
                Issue.record("a pending applicant logged in")
            } catch {
                #expect(error.lemmyCodeName == "registration_application_is_pending")
            }
            server.approveRegistration(of: "applicant")
            let client = try await ApiClient.login(
                to: server.baseURL, username: "applicant", password: "long enough password",
                loader: GatingLoader())
            #expect(client.isAuthenticated)
        }
    }

    @Test("Sign-up that needs email verification says so", arguments: LemmyDialect.allCases)
    func registerEmail(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            server.configureRegistration(RegistrationSettings(emailVerification: true))
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: GatingLoader())
            do {
                _ = try await guest.register(Registration(username: "mailer", password: "long enough password"))
                Issue.record("registered without an email address")
            } catch {
                #expect(error.lemmyCodeName == "email_required")
            }
            let result = try await guest.register(
                Registration(
                    username: "mailer", password: "long enough password",
                    email: "mailer@example.com"))
            guard case .needsEmailVerification = result else {
                Issue.record("not waiting for email: \(result)")
                return
            }
        }
    }
}
