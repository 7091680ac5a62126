import Foundation
import GRDB
import Resources

/// A ``Resources/ResourceCache`` in a SQLite file (through GRDB): resources' last good
/// responses survive a restart of the app.
///
/// A cache failure (a full disk, a corrupt file) never fails a load: reads then find nothing
/// and writes are dropped. Entries hold raw responses, so content types can change between
/// versions of an app without migrating the cache.
public final class SQLiteResourceCache: ResourceCache {
    private let database: DatabaseQueue

    /// Opens (creating if needed) the cache at `path`.
    public init(path: String) throws {
        database = try DatabaseQueue(path: path)
        try Self.migrator.migrate(database)
    }

    /// A cache in memory, gone when this object is.
    public init() throws {
        database = try DatabaseQueue()
        try Self.migrator.migrate(database)
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
        return migrator
    }

    /// The entry under `key`.
    public func entry(forKey key: String) async -> CachedResponse? {
        let found: CachedResponse?? = try? await database.read { db -> CachedResponse? in
            let sql = "SELECT body, headerFields, timestamp FROM resourceResponse WHERE key = ?"
            guard let row = try Row.fetchOne(db, sql: sql, arguments: [key]) else { return nil }
            let body: Data = row["body"]
            let headerData: Data = row["headerFields"]
            let timestamp: Double = row["timestamp"]
            guard let headers = try? JSONDecoder().decode([CachedResponse.HeaderField].self, from: headerData) else { return nil }
            return CachedResponse(body: body, headerFields: headers, timestamp: Date(timeIntervalSince1970: timestamp))
        }
        return found ?? nil
    }

    /// Stores `entry` under `key`.
    public func store(_ entry: CachedResponse, forKey key: String) async {
        guard let headers = try? JSONEncoder().encode(entry.headerFields) else { return }
        _ = try? await database.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO resourceResponse (key, body, headerFields, timestamp) VALUES (?, ?, ?, ?)",
                arguments: [key, entry.body, headers, entry.timestamp.timeIntervalSince1970]
            )
        }
    }

    /// Moves the timestamp of the entry under `key`.
    public func touch(key: String, timestamp: Date) async {
        _ = try? await database.write { db in
            try db.execute(sql: "UPDATE resourceResponse SET timestamp = ? WHERE key = ?", arguments: [timestamp.timeIntervalSince1970, key])
        }
    }

    /// Removes the entry under `key`.
    public func removeEntry(forKey key: String) async {
        _ = try? await database.write { db in
            try db.execute(sql: "DELETE FROM resourceResponse WHERE key = ?", arguments: [key])
        }
    }

    /// How many entries are stored.
    public func count() async -> Int {
        (try? await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM resourceResponse") ?? 0 }) ?? 0
    }
}
