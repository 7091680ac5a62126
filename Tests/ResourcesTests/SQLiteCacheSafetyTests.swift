import Foundation
import Resources
import ResourcesGRDB
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The SQLite cache holds what accounts were shown: it keeps accounts apart, is private to the
/// user, never keeps what the server said not to store, stays bounded, forgets an account on
/// logout and survives a corrupt file.
@Suite struct SQLiteCacheSafetyTests {
    private func entry(_ text: String, at seconds: Double = 0, fields: [CachedResponse.HeaderField] = []) -> CachedResponse {
        CachedResponse(
            body: Data(text.utf8), headerFields: [.init(name: "Content-Type", value: "application/json")] + fields,
            timestamp: Date(timeIntervalSince1970: seconds))
    }

    private func withTemporaryPath(_ body: (String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sqlite-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory.appendingPathComponent("cache.sqlite").path)
    }

    @Test func twoAccountsNeverSeeEachOthersEntries() async throws {
        let cache = try SQLiteResourceCache()
        let alice = cache.partition(account: "alice@lemmy.ml")
        let bob = cache.partition(account: "bob@lemmy.ml")
        await alice.store(entry("alice's inbox"), forKey: "https://lemmy.ml/api/v3/user/replies")
        #expect(await bob.entry(forKey: "https://lemmy.ml/api/v3/user/replies") == nil)
        #expect(await cache.entry(forKey: "https://lemmy.ml/api/v3/user/replies") == nil, "the guest partition is an account too")
        await bob.store(entry("bob's inbox"), forKey: "https://lemmy.ml/api/v3/user/replies")
        #expect(await alice.entry(forKey: "https://lemmy.ml/api/v3/user/replies")?.body == Data("alice's inbox".utf8))
        #expect(await bob.entry(forKey: "https://lemmy.ml/api/v3/user/replies")?.body == Data("bob's inbox".utf8))
        await bob.removeEntry(forKey: "https://lemmy.ml/api/v3/user/replies")
        #expect(await alice.entry(forKey: "https://lemmy.ml/api/v3/user/replies") != nil)
    }

    @Test func logoutClearsOneAccountOnly() async throws {
        let cache = try SQLiteResourceCache()
        let alice = cache.partition(account: "alice")
        let bob = cache.partition(account: "bob")
        for index in 0..<3 {
            await alice.store(entry("a\(index)"), forKey: "k\(index)")
            await bob.store(entry("b\(index)"), forKey: "k\(index)")
        }
        await cache.removeAll(account: "alice")
        #expect(await alice.entry(forKey: "k0") == nil)
        #expect(await cache.count(account: "alice") == 0)
        #expect(await cache.count(account: "bob") == 3)
        #expect(await bob.entry(forKey: "k2")?.body == Data("b2".utf8))
    }

    @Test func theFileIsCreatedPrivateWhateverTheUmask() async throws {
        try await withTemporaryPath { path in
            let old = umask(0o022)
            defer { umask(old) }
            let cache = try SQLiteResourceCache(path: path)
            await cache.store(entry("x"), forKey: "k")
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o600)
        }
    }

    @Test func anExistingOpenFileIsMadePrivate() async throws {
        try await withTemporaryPath { path in
            _ = try SQLiteResourceCache(path: path)
            #expect(chmod(path, 0o644) == 0)
            _ = try SQLiteResourceCache(path: path)
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o600)
        }
    }

    @Test(arguments: ["no-store", "private, no-store", "No-Store", "max-age=60,no-store"])
    func noStoreResponsesAreNeverWritten(_ directive: String) async throws {
        let cache = try SQLiteResourceCache()
        await cache.store(entry("old"), forKey: "k")
        await cache.store(entry("secret", fields: [.init(name: "Cache-Control", value: directive)]), forKey: "k")
        #expect(await cache.entry(forKey: "k") == nil, "a no-store answer also drops what was kept before")
        await cache.store(entry("fine", fields: [.init(name: "Cache-Control", value: "max-age=60")]), forKey: "k2")
        #expect(await cache.entry(forKey: "k2")?.body == Data("fine".utf8))
    }

    @Test func theCacheIsBoundedAndEvictsTheLeastRecentlyUsed() async throws {
        let cache = try SQLiteResourceCache(limits: .init(maximumEntries: 3, maximumBytes: 1 << 20))
        let alice = cache.partition(account: "alice")
        for index in 0..<3 { await alice.store(entry("e\(index)"), forKey: "k\(index)") }
        _ = await alice.entry(forKey: "k0")  // k0 is now more recent than k1
        await alice.store(entry("e3"), forKey: "k3")
        await cache.store(entry("guest"), forKey: "g")
        #expect(await cache.count() == 3)
        #expect(await alice.entry(forKey: "k1") == nil)
        #expect(await alice.entry(forKey: "k2") == nil)
        #expect(await alice.entry(forKey: "k0") != nil)
        #expect(await alice.entry(forKey: "k3") != nil)
        #expect(await cache.entry(forKey: "g") != nil)
    }

    @Test func theCacheIsBoundedInBytes() async throws {
        let cache = try SQLiteResourceCache(limits: .init(maximumEntries: 1000, maximumBytes: 10_000))
        for index in 0..<10 { await cache.store(entry(String(repeating: "x", count: 3_000)), forKey: "k\(index)") }
        #expect(await cache.count() == 3)
        #expect(await cache.entry(forKey: "k9") != nil)
        #expect(await cache.entry(forKey: "k0") == nil)
        // An entry larger than the whole budget is not kept at all.
        await cache.store(entry(String(repeating: "y", count: 20_000)), forKey: "huge")
        #expect(await cache.entry(forKey: "huge") == nil)
        #expect(await cache.entry(forKey: "k9") != nil)
    }

    @Test func aCorruptFileIsReplacedByAnEmptyCache() async throws {
        try await withTemporaryPath { path in
            var garbage = Data("definitely not SQLite ".utf8)
            var generator = SystemRandomNumberGenerator()
            garbage.append(contentsOf: (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
            try garbage.write(to: URL(fileURLWithPath: path))
            let cache = try SQLiteResourceCache(path: path)
            #expect(await cache.count() == 0)
            await cache.store(entry("x"), forKey: "k")
            #expect(await cache.entry(forKey: "k")?.body == Data("x".utf8))
            // A second open finds the rebuilt file, not the garbage.
            #expect(try await SQLiteResourceCache(path: path).count() == 1)
        }
    }

    @Test func aFileCorruptedWhileOpenIsReplacedByAnEmptyCache() async throws {
        try await withTemporaryPath { path in
            let cache = try SQLiteResourceCache(path: path)
            for index in 0..<20 { await cache.store(entry(String(repeating: "x", count: 4_000)), forKey: "k\(index)") }
            // Another process (or a bad disk) overwrites the file under the open connection.
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.write(contentsOf: Data(repeating: 0xA5, count: 64 << 10))
            try handle.close()
            _ = await cache.count()
            _ = await cache.entry(forKey: "k3")
            await cache.store(entry("fresh"), forKey: "after")
            #expect(await cache.entry(forKey: "after")?.body == Data("fresh".utf8))
            #expect(await cache.count() == 1)
        }
    }
}
