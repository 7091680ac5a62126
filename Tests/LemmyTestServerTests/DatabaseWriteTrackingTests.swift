import Foundation
@testable import LemmyTestServer
import Testing

/// GETs run on a snapshot of the state; one that writes must be noticed (`Database.written`) and
/// run again under the lock, or its effect would be lost.
@Suite("Reads on a snapshot, writes under the lock")
struct DatabaseWriteTrackingTests {
    /// Every stored property of `Database`. A new one needs `didSet { written = true }` like the
    /// others (then add it here): otherwise a GET that changes only it loses the change.
    static let tracked: Set<String> = [
        "persons", "communities", "posts", "comments", "privateMessages", "inbox", "reports", "privateMessageReports", "images",
        "modlog", "commentsByPost", "users", "sessions", "sessionCounter", "inboxByRecipient", "seed", "host", "siteCreated", "site",
        "captchas",
        "captchaCounter", "registrationApplications", "purged", "federation", "instanceDomains", "passwordResets", "emailVerifications",
        "communityTags",
        "web", "customEmojis",
        "multiCommunities", "settingsBackupRateLimit", "settingsBackupBuckets",
    ]
    static let bookkeeping: Set<String> = ["written", "revision", "postOrders", "encodedPostViews"]

    @Test func everyStoredPropertyIsListed() {
        let labels = Set(
            Mirror(reflecting: Database()).children.compactMap(\.label).map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 })
        #expect(labels == Self.tracked.union(Self.bookkeeping))
    }

    @Test func changingAPropertyMarksTheValueWritten() {
        var db = Database()
        #expect(!db.written)
        db.sessions["token"] = SessionRecord(personId: 1, published: 0, order: 1)
        #expect(db.written)
        var other = Database()
        other.users[1, default: UserState()].savedPosts[3] = 1
        #expect(other.written)
    }

    @Test func aReadThatWritesIsRunAgainUnderTheLockAndKept() throws {
        let store = LemmyStore(Database())
        var runs = 0
        let answer = try store.read { db -> Int in
            runs += 1
            db.captchaCounter += 1
            return db.captchaCounter
        }
        #expect(runs == 2)
        #expect(answer == 1)
        #expect(store.snapshot().captchaCounter == 1)
        #expect(store.snapshot().revision == 1)
    }

    @Test func aPureReadRunsOnceAndLeavesTheRevision() throws {
        let store = LemmyStore(Database())
        var runs = 0
        let count = try store.read { db -> Int in
            runs += 1
            return db.posts.count
        }
        #expect(runs == 1 && count == 0)
        #expect(store.snapshot().revision == 0)
        _ = try store.with { db in db.host = "example.test:1" }
        #expect(store.snapshot().revision == 1)
    }
}
