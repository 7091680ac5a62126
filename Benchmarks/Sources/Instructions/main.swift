import Foundation
import HTTPLoading
import LemmyAPI
import LoaderChains

// A fixed amount of work whose instructions `scripts/instructions.sh` counts with
// `valgrind --tool=callgrind`. Counts are repeatable on a busy machine, where wall times are not.
// Not linked with package-benchmark, whose malloc interposer valgrind cannot run.
//   Instructions chain COUNT             COUNT requests through the full chain over a terminal answering at once
//   Instructions terminal COUNT          the same requests through that terminal alone
//   Instructions decode posts|comments FILE COUNT   COUNT typed decodes (LemmyResponseDecoder) of the
//                                                   GetPosts or GetComments answer in FILE
//   Instructions serialize FILE COUNT               COUNT JSONSerialization.jsonObject of the same bytes

let arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first, let count = arguments.last.flatMap(Int.init) else {
    FileHandle.standardError.write(
        Data("usage: Instructions chain|terminal COUNT | decode posts|comments FILE COUNT | serialize FILE COUNT\n".utf8))
    exit(2)
}
switch mode {
case "chain", "terminal":
    print("\(await CannedRequests.send(count, chained: mode == "chain")) bytes")
case "decode", "serialize":
    let data = try Data(contentsOf: URL(fileURLWithPath: arguments[arguments.count - 2]))
    let kind: Work.Payload = mode == "serialize" ? .untyped : arguments[1] == "comments" ? .comments : .posts
    print("\(try Work.decode(data, count, as: kind)) values")
default:
    FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
    exit(2)
}

/// The decoding workload.
enum Work {
    /// What to decode the bytes as: a typed answer, or JSONSerialization's untyped objects.
    enum Payload { case posts, comments, untyped }

    /// Decodes `data` `count` times; returns how many posts, comments or top-level keys it saw.
    static func decode(_ data: Data, _ count: Int, as payload: Payload) throws -> Int {
        var values = 0
        for _ in 0..<count {
            switch payload {
            case .untyped: values += (try JSONSerialization.jsonObject(with: data) as? [String: Any])?.count ?? 0
            case .comments:
                values += try LemmyResponseDecoder.decode(ApiGetCommentsResponse.self, from: data, generation: .v3).comments.count
            case .posts: values += try LemmyResponseDecoder.decode(ApiGetPostsResponse.self, from: data, generation: .v3).posts.count
            }
        }
        return values
    }
}
