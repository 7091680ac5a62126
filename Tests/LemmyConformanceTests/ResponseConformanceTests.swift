import Foundation
import LemmyConformance
import LemmyTestServer
import LemmyTestSupport
import Testing

/// A test-server defect these tests found, which the lead is fixing: its violations are expected
/// failures (`withKnownIssue`) until then. Not an allow-list: remove an entry once fixed, and the
/// test fails if the defect is gone but the entry stays.
struct KnownServerDefect: Sendable {
    var dialect: LemmyDialect
    /// `GET /site`, or nil for every route of the dialect.
    var route: String?
    /// A pattern on the violation's JSON path (`*` matches any run of characters).
    var path: String
    var what: String

    func matches(_ violation: SchemaViolation, dialect: LemmyDialect, route: String) -> Bool {
        self.dialect == dialect && (self.route == nil || self.route == route) && Wildcard.matches(path, violation.path)
    }
}

enum KnownServerDefects {
    /// None left: issue 12's version-exact rendering fixed every one this suite found (0.18
    /// aggregate ids, 0.19 rate-limit keys and report flags, 1.0 site and account members, ...).
    /// Add an entry here only for a defect being fixed, never for a description's mistake (those
    /// go to ``ConformanceExceptions``).
    static let all: [KnownServerDefect] = []
}

/// Every route the test server serves, in every dialect, answers as the outside descriptions of
/// that version say (responses checked strictly: no undeclared members, exact enum spellings,
/// integers where integers are due), and every request of the scenario is itself valid.
@Suite("Responses conform to the outside descriptions")
struct ResponseConformanceTests {
    /// What one dialect's run found, for the closing table.
    struct Outcome: Sendable {
        var routes: Set<String> = []
        var conforming: Set<String> = []
        var exceptionsUsed: Set<String> = []
    }

    @Test(arguments: LemmyDialect.allCases)
    func everyRouteAnswersAsTheDescriptionSays(_ dialect: LemmyDialect) async throws {
        let outcome = try await Self.run(dialect)
        #expect(!outcome.routes.isEmpty)
        print(
            "conformance \(dialect): \(outcome.conforming.count)/\(outcome.routes.count) routes conform; exceptions used: \(outcome.exceptionsUsed.sorted())"
        )
    }

    /// Runs the scenario, records an issue per unexplained violation, and returns the figures.
    static func run(_ dialect: LemmyDialect) async throws -> Outcome {
        let descriptions = Descriptions.for(dialect)
        try #require(descriptions.count == Descriptions.names(for: dialect).count, "missing extract under Tests/Fixtures/openapi")
        var configuration = LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)
        // The scenario exports alice's settings and imports them again from one address, which
        // Lemmy's default limit (one a day) would refuse.
        configuration.settingsBackupRateLimit = nil
        let server = try await LemmyTestServer.start(configuration)
        // The scenario's sign-up files an application, which the admin's queue then approves once
        // the newcomer verified their address.
        server.configureRegistration(RegistrationSettings(mode: .requireApplication, emailVerification: true))
        var outcome = Outcome()
        do {
            var sender = RawSender(server: server)
            for user in ["alice", "bob", "carol", "admin"] {
                let path = dialect == .v1_0 ? "/account/auth/login" : "/user/login"
                let answer = try await sender.send(
                    RawRequest(method: "POST", path: path, body: ["username_or_email": .string(user), "password": "password"]))
                sender.tokens[user] = try #require(answer.json?["jwt"]?.stringValue, "login \(user): HTTP \(answer.status)")
            }
            var captures = Captures()
            var failing: Set<String> = []
            var defectsSeen: Set<Int> = []
            for step in RouteScenario.steps(dialect) {
                outcome.routes.insert(step.route)
                guard let request = step.build(captures) else {
                    Issue.record("\(dialect) \(step.route): an earlier answer did not give the id this call needs")
                    failing.insert(step.route)
                    continue
                }
                let (query, body) = sender.wire(request)
                let fullPath = server.apiPrefix + request.path
                let primary = descriptions[0]
                let requestViolations = unexplained(
                    primary.checkRequest(method: request.method, path: fullPath, query: query, body: body),
                    description: primary.name, route: step.route, used: &outcome.exceptionsUsed)
                if !requestViolations.isEmpty {
                    Issue.record(
                        "\(dialect) \(step.route): the scenario's own request breaks \(primary.name): \(SchemaViolation.summary(requestViolations))"
                    )
                }
                let answer = try await sender.send(request)
                guard answer.status == 200, let json = answer.json else {
                    Issue.record(
                        "\(dialect) \(step.route): HTTP \(answer.status) \(String(decoding: answer.body.prefix(300), as: UTF8.self))")
                    failing.insert(step.route)
                    continue
                }
                step.capture?(json, &captures)
                Self.readMailbox(server, into: &captures)
                for description in descriptions {
                    let violations = unexplained(
                        description.checkResponse(
                            method: request.method, path: fullPath, status: answer.status, body: json,
                            adjust: { ConformanceExceptions.adjustResponseSchema($0, in: $1, route: step.route) }),
                        description: description.name, route: step.route, used: &outcome.exceptionsUsed)
                    guard !violations.isEmpty else { continue }
                    failing.insert(step.route)
                    let known = violations.filter { violation in
                        let matching = KnownServerDefects.all.indices.filter {
                            KnownServerDefects.all[$0].matches(violation, dialect: dialect, route: step.route)
                        }
                        defectsSeen.formUnion(matching)
                        return !matching.isEmpty
                    }
                    let other = violations.filter { !known.contains($0) }
                    for line in SchemaViolation.summary(other) {
                        Issue.record(Comment(rawValue: "\(dialect) \(step.route) vs \(description.name): \(line)"))
                    }
                    for line in SchemaViolation.summary(known) {
                        withKnownIssue("test-server defect") {
                            Issue.record(Comment(rawValue: "\(dialect) \(step.route) vs \(description.name): \(line)"))
                        }
                    }
                }
            }
            outcome.conforming = outcome.routes.subtracting(failing)
            // A defect entry that no longer matches anything has been fixed: remove it.
            for (index, defect) in KnownServerDefects.all.enumerated() where defect.dialect == dialect && !defectsSeen.contains(index) {
                Issue.record(
                    "known test-server defect no longer occurs, remove it from KnownServerDefects: \(defect.route ?? "any route") \(defect.path) (\(defect.what))"
                )
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        return outcome
    }

    /// Keeps the newest token of each kind of email the server sent (`verificationToken`,
    /// `resetToken`), as a person reads the newest link in their inbox.
    static func readMailbox(_ server: LemmyTestServer, into captures: inout Captures) {
        let emails = server.emails()
        for (kind, key) in [(TestServerEmail.Kind.emailVerification, "verificationToken"), (.passwordReset, "resetToken")] {
            captures[key] = emails.last { $0.kind == kind }.map { .string($0.token) }
        }
    }

    /// The violations that no reviewed exception explains; the exceptions used are added to `used`.
    static func unexplained(_ violations: [SchemaViolation], description: String, route: String, used: inout Set<String>)
        -> [SchemaViolation]
    {
        violations.filter { violation in
            guard let exception = ConformanceExceptions.all.first(where: { $0.matches(violation, description: description, route: route) })
            else {
                return true
            }
            used.insert("\(description) \(exception.route ?? "any route") \(exception.path) \(exception.kind)")
            return false
        }
    }

    /// The scenario calls every route the server serves: each operation of the dialect's
    /// descriptions that the server answers (anything but the router's empty 404) is in it.
    @Test(arguments: LemmyDialect.allCases)
    func theScenarioCoversEveryServedRoute(_ dialect: LemmyDialect) async throws {
        let (served, covered) = try await withServer(dialect) { server in
            let sender = RawSender(server: server)
            let covered = Set(RouteScenario.steps(dialect).map(\.route))
            var candidates = Set(covered)
            for description in Descriptions.for(dialect) {
                for operation in description.operations where operation.path.hasPrefix(server.apiPrefix) && !operation.path.contains("{") {
                    candidates.insert("\(operation.method.uppercased()) \(operation.path.dropFirst(server.apiPrefix.count))")
                }
            }
            var served: Set<String> = []
            for route in candidates.sorted() {
                let parts = route.split(separator: " ", maxSplits: 1).map(String.init)
                let answer = try await sender.send(RawRequest(method: parts[0], path: parts[1], body: parts[0] == "GET" ? nil : [:]))
                if answer.status != 404 || !answer.body.isEmpty { served.insert(route) }
            }
            return (served, covered)
        }
        // Image uploads are multipart and media deletion needs an uploaded file: they are exercised
        // over HTTP by ImageUploadMiddlewareTests, UploadedImagesTests and PictureFidelityTests,
        // not by this JSON scenario.
        let uploads = [
            "/image", "/account/avatar", "/account/banner", "/community/icon", "/community/banner", "/site/icon", "/site/banner",
        ]
        // CreateSite answers a site that is set up with a refusal alone, which this scenario of
        // answers does not read: SiteEditFidelityTests checks it.
        let refusedOnly = ["POST /site"]
        let missing = served.subtracting(covered).subtracting(
            uploads.map { "POST \($0)" } + ["DELETE /account/media", "DELETE /image"] + refusedOnly)
        #expect(missing.isEmpty, "\(dialect): served but not in the scenario: \(missing.sorted())")
        #expect(served.count > 40)
        print("conformance \(dialect): \(served.count) routes served, \(covered.count) in the scenario")
    }
}
