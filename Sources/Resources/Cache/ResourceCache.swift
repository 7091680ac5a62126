public import Foundation
public import HTTPTypes

/// A persistent store of resources' last good responses, so that data survives a restart and
/// is shown at once while the network revalidates it.
///
/// The store holds raw responses (body, header fields, timestamp), not content: content is
/// decoded again on read, so a store never holds types it does not know. Only successful loads
/// are written; errors are never cached. Implementations must be safe to call from any task.
public protocol ResourceCache: Sendable {
    /// The entry stored under `key`, or `nil`.
    func entry(forKey key: String) async -> CachedResponse?
    /// Stores `entry` under `key`, replacing any older entry.
    func store(_ entry: CachedResponse, forKey key: String) async
    /// Updates the timestamp of the entry under `key` (after a 304 confirmed it).
    func touch(key: String, timestamp: Date) async
    /// Removes the entry under `key`.
    func removeEntry(forKey key: String) async
}

/// A cached successful response.
public struct CachedResponse: Sendable, Hashable {
    /// The body bytes.
    public var body: Data
    /// The response header fields, as (name, value) pairs in order.
    public var headerFields: [HeaderField]
    /// When the response was received or last confirmed.
    public var timestamp: Date

    /// A header field stored as text.
    public struct HeaderField: Sendable, Hashable, Codable {
        /// The field name.
        public var name: String
        /// The field value.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Creates an entry.
    public init(body: Data, headerFields: [HeaderField], timestamp: Date) {
        self.body = body
        self.headerFields = headerFields
        self.timestamp = timestamp
    }

    /// Creates an entry from header fields.
    public init(body: Data, fields: HTTPFields, timestamp: Date) {
        self.init(body: body, headerFields: fields.map { HeaderField(name: $0.name.rawName, value: $0.value) }, timestamp: timestamp)
    }

    /// The header fields as `HTTPFields`; fields with invalid names are dropped.
    public var fields: HTTPFields {
        var fields = HTTPFields()
        for field in headerFields {
            if let name = HTTPField.Name(field.name) { fields.append(HTTPField(name: name, value: field.value)) }
        }
        return fields
    }
}

/// A ``ResourceCache`` in memory, for tests and for sharing data between services in one process.
public actor InMemoryResourceCache: ResourceCache {
    private var entries: [String: CachedResponse] = [:]

    /// Creates an empty cache.
    public init() {}

    /// The entry under `key`.
    public func entry(forKey key: String) -> CachedResponse? { entries[key] }
    /// Stores `entry`.
    public func store(_ entry: CachedResponse, forKey key: String) { entries[key] = entry }
    /// Updates a timestamp.
    public func touch(key: String, timestamp: Date) { entries[key]?.timestamp = timestamp }
    /// Removes an entry.
    public func removeEntry(forKey key: String) { entries[key] = nil }
    /// How many entries are stored.
    public var count: Int { entries.count }
}
