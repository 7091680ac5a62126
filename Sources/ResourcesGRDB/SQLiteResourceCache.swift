public import Foundation
import GRDB
public import Resources
internal import Locking
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A `ResourceCache` in a SQLite file (through GRDB): resources' last good
/// responses survive a restart of the app.
///
/// What it keeps is what an account was shown, so:
/// - entries belong to an account: give each account's `ResourceService` its own
///   ``partition(account:)`` and no account sees another's entries; the cache itself is the
///   partition of the signed-out guest. ``removeAll(account:)`` forgets one account (on logout).
/// - the file is created readable by its owner only (mode 0600).
/// - a response marked `Cache-Control: no-store` is never written, and drops what was kept
///   under its key.
/// - it holds at most ``Limits`` entries and bytes, evicting the least recently used first.
///
/// A cache failure never fails a load: reads then find nothing and writes are dropped. A file
/// that is not a SQLite database, or turns out corrupt, is replaced by an empty cache. Entries
/// hold raw responses, so content types can change between versions of an app without
/// migrating the cache.
public final class SQLiteResourceCache: ResourceCache {
    /// How much the cache may hold before it evicts the least recently used entries.
    public struct Limits: Sendable, Hashable {
        /// The most entries, over all accounts.
        public var maximumEntries: Int
        /// The most bytes of bodies and header fields, over all accounts. A single response
        /// larger than this is not stored.
        public var maximumBytes: Int

        /// Creates limits.
        public init(maximumEntries: Int, maximumBytes: Int) {
            self.maximumEntries = maximumEntries
            self.maximumBytes = maximumBytes
        }

        /// 2,000 entries and 64 MiB: hundreds of feed pages and posts, small enough for a phone.
        public static let standard = Limits(maximumEntries: 2_000, maximumBytes: 64 << 20)
    }

    /// The account of the cache's own entries: a signed-out guest.
    public static let guestAccount = ""

    /// The limits this cache keeps to.
    public let limits: Limits
    /// The file, or nil in memory.
    private let path: String?
    /// The open database; replaced by a fresh one when the file turns out corrupt.
    private let current: Locked<DatabaseQueue>

    /// Opens (creating if needed, with mode 0600) the cache at `path`. A file that is not a
    /// usable database is deleted and replaced by an empty cache.
    public init(path: String, limits: Limits = .standard) throws {
        self.limits = limits
        self.path = path
        let database: DatabaseQueue
        do {
            database = try Self.openDatabase(path)
        } catch let error as DatabaseError where Self.isCorruption(error) {
            // A cache holds nothing that cannot be loaded again: start over rather than fail for ever.
            database = try Self.recreate(path)
        }
        current = Locked(database)
    }

    /// A cache in memory, gone when this object is.
    public init(limits: Limits = .standard) throws {
        self.limits = limits
        path = nil
        let database = try DatabaseQueue()
        try Self.migrator.migrate(database)
        current = Locked(database)
    }

    /// Deletes the file at `path` (and SQLite's side files) and opens an empty cache there.
    private static func recreate(_ path: String) throws -> DatabaseQueue {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
        return try openDatabase(path)
    }

    private static func openDatabase(_ path: String) throws -> DatabaseQueue {
        // Create the file private before SQLite does (it would use the umask); SQLite gives its
        // journal the database file's mode.
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        fchmod(descriptor, 0o600)
        close(descriptor)
        let database = try DatabaseQueue(path: path)
        try migrator.migrate(database)
        return database
    }

    private static func isCorruption(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "resourceResponse") { table in
                table.primaryKey("key", .text)
                table.column("body", .blob).notNull()
                table.column("headerFields", .blob).notNull()
                table.column("timestamp", .double).notNull()
            }
        }
        // v1 entries belong to no account; a cache can always start empty.
        migrator.registerMigration("v2-accounts") { db in
            try db.drop(table: "resourceResponse")
            try db.create(table: "resourceEntry") { table in
                table.column("account", .text).notNull()
                table.column("key", .text).notNull()
                table.column("body", .blob).notNull()
                table.column("headerFields", .blob).notNull()
                table.column("timestamp", .double).notNull()
                table.column("size", .integer).notNull()
                table.column("lastUsed", .integer).notNull()
                table.primaryKey(["account", "key"])
            }
            try db.create(index: "resourceEntryLastUsed", on: "resourceEntry", columns: ["lastUsed"])
        }
        return migrator
    }

    /// A view of the cache holding one account's entries only.
    ///
    /// - Parameter account: a key naming the account, such as `alice@lemmy.ml`; the same key
    ///   later finds the same entries.
    public func partition(account: String) -> Partition { Partition(cache: self, account: account) }

    /// One account's entries of a ``SQLiteResourceCache``; see ``SQLiteResourceCache/partition(account:)``.
    public struct Partition: ResourceCache {
        /// The cache.
        public let cache: SQLiteResourceCache
        /// The account whose entries this view holds.
        public let account: String

        /// The account's entry under `key`.
        public func entry(forKey key: String) async -> CachedResponse? { await cache.entry(account: account, key: key) }
        /// Stores the account's `entry` under `key`.
        public func store(_ entry: CachedResponse, forKey key: String) async { await cache.store(entry, account: account, key: key) }
        /// Moves the timestamp of the account's entry under `key`.
        public func touch(key: String, timestamp: Date) async { await cache.touch(account: account, key: key, timestamp: timestamp) }
        /// Removes the account's entry under `key`.
        public func removeEntry(forKey key: String) async { await cache.remove(account: account, key: key) }
    }

    /// The guest's entry under `key`.
    public func entry(forKey key: String) async -> CachedResponse? { await entry(account: Self.guestAccount, key: key) }

    /// Stores the guest's `entry` under `key`.
    public func store(_ entry: CachedResponse, forKey key: String) async { await store(entry, account: Self.guestAccount, key: key) }

    /// Moves the timestamp of the guest's entry under `key`.
    public func touch(key: String, timestamp: Date) async { await touch(account: Self.guestAccount, key: key, timestamp: timestamp) }

    /// Removes the guest's entry under `key`.
    public func removeEntry(forKey key: String) async { await remove(account: Self.guestAccount, key: key) }

    /// Removes every entry of `account`, e.g. when it logs out.
    public func removeAll(account: String) async {
        await write { db in try db.execute(sql: "DELETE FROM resourceEntry WHERE account = ?", arguments: [account]) }
    }

    /// How many entries are stored, over all accounts.
    public func count() async -> Int {
        await read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM resourceEntry") ?? 0 } ?? 0
    }

    /// How many entries `account` has.
    public func count(account: String) async -> Int {
        await read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM resourceEntry WHERE account = ?", arguments: [account]) ?? 0 }
            ?? 0
    }

    // MARK: Storage

    private func entry(account: String, key: String) async -> CachedResponse? {
        // A read marks the entry used, so it is a write.
        let found: CachedResponse?? = await write { db -> CachedResponse? in
            let sql = "SELECT body, headerFields, timestamp FROM resourceEntry WHERE account = ? AND key = ?"
            guard let row = try Row.fetchOne(db, sql: sql, arguments: [account, key]) else { return nil }
            try db.execute(
                sql: "UPDATE resourceEntry SET lastUsed = \(Self.nextUse) WHERE account = ? AND key = ?", arguments: [account, key])
            let body: Data = row["body"]
            let headerData: Data = row["headerFields"]
            let timestamp: Double = row["timestamp"]
            guard let headers = try? JSONDecoder().decode([CachedResponse.HeaderField].self, from: headerData) else { return nil }
            return CachedResponse(body: body, headerFields: headers, timestamp: Date(timeIntervalSince1970: timestamp))
        }
        return found ?? nil
    }

    private func store(_ entry: CachedResponse, account: String, key: String) async {
        guard let headers = try? JSONEncoder().encode(entry.headerFields) else { return }
        let size = entry.body.count + headers.count
        guard !Self.forbidsStoring(entry), size <= limits.maximumBytes else {
            await remove(account: account, key: key)
            return
        }
        let limits = limits
        await write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO resourceEntry (account, key, body, headerFields, timestamp, size, lastUsed)
                    VALUES (?, ?, ?, ?, ?, ?, \(Self.nextUse))
                    """,
                arguments: [account, key, entry.body, headers, entry.timestamp.timeIntervalSince1970, size]
            )
            // Keep the most recently used entries that fit both limits.
            try db.execute(
                sql: """
                    DELETE FROM resourceEntry WHERE rowid IN (
                        SELECT rowid FROM (
                            SELECT rowid,
                                   ROW_NUMBER() OVER (ORDER BY lastUsed DESC) AS rank,
                                   SUM(size) OVER (ORDER BY lastUsed DESC ROWS UNBOUNDED PRECEDING) AS total
                            FROM resourceEntry)
                        WHERE rank > ? OR total > ?)
                    """,
                arguments: [limits.maximumEntries, limits.maximumBytes]
            )
        }
    }

    private func touch(account: String, key: String, timestamp: Date) async {
        await write { db in
            try db.execute(
                sql: "UPDATE resourceEntry SET timestamp = ?, lastUsed = \(Self.nextUse) WHERE account = ? AND key = ?",
                arguments: [timestamp.timeIntervalSince1970, account, key])
        }
    }

    private func remove(account: String, key: String) async {
        await write { db in try db.execute(sql: "DELETE FROM resourceEntry WHERE account = ? AND key = ?", arguments: [account, key]) }
    }

    /// A use counter rather than a clock: strictly increasing, whatever the clock does.
    private static let nextUse = "(SELECT COALESCE(MAX(lastUsed), 0) + 1 FROM resourceEntry)"

    /// Whether the response's `Cache-Control` has `no-store`.
    static func forbidsStoring(_ entry: CachedResponse) -> Bool {
        entry.headerFields.contains { field in
            field.name.lowercased() == "cache-control"
                && field.value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "no-store" }
        }
    }

    private func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async -> T? {
        let database = current.withLock { $0 }
        do { return try await database.read(body) } catch {
            await recover(from: error, in: database)
            return nil
        }
    }

    @discardableResult
    private func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async -> T? {
        let database = current.withLock { $0 }
        do { return try await database.write(body) } catch {
            await recover(from: error, in: database)
            return nil
        }
    }

    /// Replaces a database found corrupt while in use by an empty one, so later calls work again.
    private func recover(from error: any Error, in failed: DatabaseQueue) async {
        guard Self.isCorruption(error) else { return }
        guard let path else {
            try? await failed.erase()
            try? Self.migrator.migrate(failed)
            return
        }
        current.withLock { database in
            // Calls that failed together recreate the file once.
            guard database === failed, let fresh = try? Self.recreate(path) else { return }
            database = fresh
        }
    }
}
