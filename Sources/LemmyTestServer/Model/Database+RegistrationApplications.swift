/// A sign-up's application under "require application". Its person's
/// ``PersonRecord/applicationPending`` is Lemmy's `accepted_application` turned around.
struct RegistrationApplicationRecord: Sendable {
    var id: Int
    var personId: Int
    var answer: String
    var published: Double
    /// The admin who approved or denied it; nil while it is unread.
    var adminId: Int?
    var denyReason: String?
    /// When an admin decided (1.0 renders it as `updated_at`).
    var updated: Double?
}

/// The admins' queue of registration applications. Rules follow each version's Lemmy
/// (`crates/api/src/site/registration_applications`, `check_registration_application`).
extension Database {
    /// The application of `personId`, if the person signed up with one.
    func registrationApplication(ofPerson personId: Int) -> RegistrationApplicationRecord? {
        registrationApplications.last { $0.personId == personId && !isPurged($0) }
    }

    /// Whether 0.18's purge of a person took `application`: the applicant's (its `local_user_id`
    /// goes with the person's row), or one the purged admin decided (`admin_id` references
    /// `person` `ON DELETE CASCADE` too, at 0.18.5's `add_invite_only_columns` migration).
    func isPurged(_ application: RegistrationApplicationRecord) -> Bool {
        purged.persons.contains(application.personId) || application.adminId.map(purged.persons.contains) == true
    }

    /// Files the application of a new account.
    mutating func fileRegistrationApplication(personId: Int, answer: String, now: Double) {
        registrationApplications.append(
            RegistrationApplicationRecord(
                id: registrationApplications.count + 1, personId: personId, answer: answer, published: now))
    }

    /// `not_an_admin` unless `personId` is an admin (0.18's `is_admin` and later ones agree on the code).
    func requireAdmin(_ personId: Int) throws {
        guard person(personId)?.isAdmin == true else { throw APIError.code("not_an_admin") }
    }

    /// The applications an admin sees: unread only (no admin decided yet) or all, and only those
    /// of verified addresses when the site requires verification. 0.19 lists unread ones oldest
    /// first (`registration_application_view.rs` at 0.19.13); otherwise, and always on 0.18
    /// (`order_by(published.desc())` at 0.18.5), newest first.
    func listedRegistrationApplications(unreadOnly: Bool, oldestFirstWhenUnread: Bool = true) -> [RegistrationApplicationRecord] {
        let listed = registrationApplications.filter { application in
            if isPurged(application) { return false }
            if unreadOnly && application.adminId != nil { return false }
            if site.requireEmailVerification && person(application.personId)?.emailUnverified != false { return false }
            return true
        }
        let oldestFirst = listed.sorted { ($0.published, $0.id) < ($1.published, $1.id) }
        return unreadOnly && oldestFirstWhenUnread ? oldestFirst : oldestFirst.reversed()
    }

    /// Approves or denies application `id` as admin `adminId`. A deny reason replaces the old
    /// one; an empty one clears it (Lemmy's `diesel_string_update`); none leaves it.
    ///
    /// A missing application is the update's diesel NotFound: 0.18 and 0.19 pass it on as it is
    /// (404 `Record not found`), 1.0 as `couldnt_update` (`RegistrationApplication::update`).
    mutating func decideRegistrationApplication(
        _ id: Int, approve: Bool, denyReason: String?, by adminId: Int, now: Double, dialect: LemmyDialect
    ) throws -> RegistrationApplicationRecord {
        try requireAdmin(adminId)
        guard id >= 1, id <= registrationApplications.count, !isPurged(registrationApplications[id - 1]) else {
            throw dialect == .v1_0 ? APIError.code("couldnt_update", cause: "Record not found") : APIError.recordNotFound
        }
        var application = registrationApplications[id - 1]
        application.adminId = adminId
        if let denyReason { application.denyReason = denyReason.isEmpty ? nil : denyReason }
        application.updated = now
        registrationApplications[id - 1] = application
        persons[application.personId - 1].applicationPending = !approve
        return application
    }

    /// Lemmy's login check for an account whose application is not accepted, on a site that
    /// takes applications (or is closed). 0.18 says `registration_application_pending`, or
    /// `Registration denied: REASON` once denied with a reason; 0.19 and 1.0 say
    /// `registration_application_is_pending` until an admin decided, then `registration_denied`
    /// with the reason as the message.
    func checkRegistrationApplication(of person: PersonRecord, dialect: LemmyDialect) throws {
        guard person.applicationPending, !person.isAdmin,
            ["require_application", "closed"].contains(site.registrationMode)
        else { return }
        let application = registrationApplication(ofPerson: person.id)
        switch dialect {
        case .v0_18:
            if let reason = application?.denyReason { throw APIError.code("Registration denied: \(reason)") }
            throw APIError.code("registration_application_pending")
        case .v0_19, .v1_0:
            guard let application else { throw APIError.code("couldnt_find_registration_application") }
            guard application.adminId != nil else { throw APIError.code("registration_application_is_pending") }
            // 0.19's variant holds an optional reason (`"message":null` without one), 1.0's a string.
            if dialect == .v0_19, application.denyReason == nil { throw APIError.code("registration_denied") }
            throw APIError.code("registration_denied", message: application.denyReason ?? "")
        }
    }
}
