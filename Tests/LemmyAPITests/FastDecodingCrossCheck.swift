import Foundation
@testable import LemmyAPI

/// The fast path of ``LemmyResponseDecoder`` beside `JSONDecoder` on the same bytes.
enum CrossCheck {
    /// What the two decoders made of some bytes.
    struct Outcome: Sendable, CustomStringConvertible {
        /// The fast path returned a value instead of giving up.
        var fastTaken: Bool
        /// That value equals `JSONDecoder`'s (false when either has none).
        var equal: Bool

        var description: String { "fast path \(fastTaken ? "taken" : "gave up"), \(equal ? "equal" : "NOT equal")" }
    }

    /// The answer of one decoder: a value, or a failure's coding path and reason.
    enum Answer<T: Hashable>: Equatable, CustomStringConvertible {
        case value(T)
        case failure(path: String, reason: String)

        var description: String {
            switch self {
            case .value: "a value"
            case .failure(let path, let reason): "failure at \(path.isEmpty ? "<root>" : path): \(reason)"
            }
        }
    }

    /// The fast path alone; nil when `T` has none or it gives up.
    static func fast<T: Decodable>(_ type: T.Type, _ data: Data) -> T? {
        guard let fastType = T.self as? any LemmyFastDecodable.Type else { return nil }
        return LemmyResponseDecoder.fastDecode(fastType, from: data) as? T
    }

    /// Both decoders on `data`.
    static func outcome<T: Decodable & Hashable>(_ type: T.Type, _ data: Data) -> Outcome {
        let fast = fast(T.self, data)
        let codable = try? JSONDecoder().decode(T.self, from: data)
        return Outcome(fastTaken: fast != nil, equal: fast != nil && fast == codable)
    }

    /// What the public decoder answers (fast path first, `JSONDecoder` after it gives up).
    static func publicAnswer<T: Decodable & Hashable>(_ type: T.Type, _ data: Data) -> Answer<T> {
        do {
            return .value(try LemmyResponseDecoder.decode(T.self, from: data))
        } catch {
            return .failure(path: error.codingPath, reason: error.reason)
        }
    }

    /// What `JSONDecoder` alone answers, described as the public decoder describes failures.
    static func codableAnswer<T: Decodable & Hashable>(_ type: T.Type, _ data: Data) -> Answer<T> {
        do {
            return .value(try JSONDecoder().decode(T.self, from: data))
        } catch let error as DecodingError {
            let (path, reason) = LemmyResponseDecoder.describe(error)
            return .failure(path: path, reason: reason)
        } catch {
            return .failure(path: "", reason: "\(error)")
        }
    }
}

/// JSON objects written key by key, so a test can splice in any raw text (escapes, bad numbers,
/// repeated keys) that a serializer would not write.
struct RawJSONObject {
    /// Members in order: key and raw JSON text of the value.
    var members: [(key: String, raw: String)]

    /// The members of a JSON object file, each value re-serialized compactly.
    init(fixture path: String) throws {
        let object = try JSONSerialization.jsonObject(with: Fixtures.data(path)) as? [String: Any] ?? [:]
        members = try object.keys.sorted().map { key in
            let raw = try JSONSerialization.data(withJSONObject: object[key]!, options: [.fragmentsAllowed])
            return (key, String(decoding: raw, as: UTF8.self))
        }
    }

    /// Replaces `key`'s value (or appends the member).
    mutating func set(_ key: String, raw: String) {
        if let index = members.firstIndex(where: { $0.key == key }) { members[index].raw = raw } else { members.append((key, raw)) }
    }

    /// Drops `key`.
    mutating func remove(_ key: String) { members.removeAll { $0.key == key } }

    /// `{"key":value,...}`.
    var data: Data { Data(("{" + members.map { "\"\($0.key)\":\($0.raw)" }.joined(separator: ",") + "}").utf8) }
}

/// The test-only `SiteViewOnly` joins the fast path like a generated type, so its fixtures are
/// cross-checked too.
extension SiteViewOnly: LemmyFastDecodable {
    init(lemmyJSON r: inout LemmyJSONReader) throws(LemmyJSONBail) {
        var siteView: ApiSiteView?
        var seen: UInt64 = 0
        var more = try r.beginObject()
        while more {
            let key = try r.key()
            if String(decoding: UnsafeBufferPointer(start: key.pointer, count: key.count), as: UTF8.self) == "site_view" {
                try LemmyJSONReader.mark(&seen, 1)
                siteView = try ApiSiteView(lemmyJSON: &r)
            } else {
                try r.skipValue()
            }
            more = try r.nextMember()
        }
        self.init(site_view: try LemmyJSONReader.required(siteView))
    }
}
