import Foundation
import LemmyAPI

/// The vendored Lemmy answers, `<checkout>/Tests/Fixtures/lemmy`.
enum BenchmarkFixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Fixtures/lemmy")

    static func data(_ path: String) -> Data {
        do { return try Data(contentsOf: root.appendingPathComponent(path)) } catch {
            fatalError("missing fixture \(path) under \(root.path): \(error)")
        }
    }

    /// Every string in `data` that is a Lemmy timestamp.
    static func timestamps(in data: Data) -> [String] {
        var out: [String] = []
        func walk(_ value: Any) {
            if let text = value as? String, text.count >= 19, LemmyDate(rawValue: text) != nil {
                out.append(text)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            } else if let object = value as? [String: Any] {
                object.values.forEach(walk)
            }
        }
        walk((try? JSONSerialization.jsonObject(with: data)) as Any)
        return out
    }
}
