import Foundation
import HTTPLoadingTesting
import LemmyMiddleware
import LemmyTestServer
import Synchronization
import Testing

/// Every fault the test server can inject against every everyday operation. After each run the
/// client's state must equal the server's, or the call must have failed with a typed error and
/// changed nothing. The matrix is printed as a table.
@Suite("Fault matrix") @MainActor
struct FaultMatrixTests {
    enum Operation: String, CaseIterable {
        case feedPage = "feed page", postWithComments = "post+comments", vote, save, subscribe, block,
            markRead = "mark read", createComment = "comment", login, inbox
    }

    /// What one cell ended in.
    enum Cell {
        case succeeded, failedUnchanged(String), wrong(String)

        var survived: Bool {
            if case .wrong = self { return false }
            return true
        }

        var mark: String {
            switch self {
            case .succeeded: "ok"
            case .failedUnchanged: "typed err"
            case .wrong: "WRONG"
            }
        }
    }

    /// The faults, by name, each as a rule for one request to `route` (`method` if given).
    static let faults: [(name: String, fault: Fault)] = [
        ("500", .status(code: 500, error: "internal_server_error")),
        ("502", .status(code: 502, error: "bad_gateway")),
        ("503", .status(code: 503, error: "service_unavailable")),
        ("429 Retry-After", .tooManyRequests(retryAfterSeconds: 1)),
        ("close before", .closeConnection),
        ("close after", .closeAfterHandling),
        ("truncated", .truncatedBody),
        ("malformed JSON", .malformedJSON),
        ("wrong types", .rewriteBody(pattern: #":\s*(true|false|-?[0-9]+)"#, replacement: #":"wrong""#)),
        ("50 MB body", .hugeBody(megabytes: 50)),
        ("latency > deadline", .latency(milliseconds: 10_000)),
    ]

    static func route(_ operation: Operation, _ dialect: LemmyDialect) -> (String, String?) {
        let v4 = dialect == .v1_0
        switch operation {
        case .feedPage: return ("/post/list", nil)
        case .postWithComments: return ("/post", "GET")
        case .vote: return ("/post/like", nil)
        case .save: return ("/post/save", nil)
        case .subscribe: return ("/community/follow", nil)
        case .block: return (v4 ? "/account/block/community" : "/community/block", nil)
        case .markRead: return ("/post/mark_as_read", nil)
        case .createComment: return ("/comment", "POST")
        case .login: return ("login", nil)
        case .inbox: return (v4 ? "/account/notification/list" : "/user/replies", nil)
        }
    }

    @Test("Each fault against each operation: state matches the server, or a typed error changed nothing", arguments: LemmyDialect.allCases)
    func matrix(dialect: LemmyDialect) async throws {
        var rows: [(String, [Cell])] = []
        for (name, fault) in Self.faults {
            // Latency waits at this gate, opened only when the row is done: the client's deadline
            // passes without any sleeping.
            let held = MockGate()
            var configuration = LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)
            configuration.sleeper = { _ in try await held.wait() }
            let server = try await LemmyTestServer.start(configuration)
            var cells: [Cell] = []
            do {
                let client = try await LostAnswerTests.login(server)
                try await client.loadAccount()
                for operation in Operation.allCases {
                    let (route, method) = Self.route(operation, dialect)
                    let rule = FaultRule(fault, route: route, method: method, count: 1)
                    let cell: Cell
                    do { cell = try await Self.run(operation, client: client, server: server, rule: rule) } catch {
                        cell = .wrong("the test's own fault-free request failed: \(error)")
                    }
                    server.faults.clear()
                    #expect(cell.survived, "\(dialect.rawValue) \(name) × \(operation.rawValue): \(cell)")
                    cells.append(cell)
                }
            } catch {
                held.open()
                await server.stop()
                throw error
            }
            held.open()
            await server.stop()
            rows.append((name, cells))
        }
        print(Self.table(dialect: dialect, rows: rows))
    }

    static func table(dialect: LemmyDialect, rows: [(String, [Cell])]) -> String {
        let first = max(18, (rows.map(\.0.count).max() ?? 0))
        let widths = Operation.allCases.map { max($0.rawValue.count, 9) }
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        var lines = ["Fault matrix, Lemmy \(dialect.rawValue) (ok: state equals the server's; typed err: typed error, nothing changed)"]
        lines.append(
            "| " + pad("fault", first) + " | " + zip(Operation.allCases, widths).map { pad($0.rawValue, $1) }.joined(separator: " | ")
                + " |")
        lines.append(
            "|" + String(repeating: "-", count: first + 2) + "|"
                + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
        for (name, cells) in rows {
            lines.append("| " + pad(name, first) + " | " + zip(cells, widths).map { pad($0.mark, $1) }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// A client of alice's that sees the server's state now, with no faults in the way.
    static func truth(_ server: LemmyTestServer) async throws -> ApiClient {
        let client = try await LostAnswerTests.login(server)
        try await client.loadAccount()
        return client
    }

    /// Runs one operation with `rule` installed for its request, then compares with the server.
    static func run(_ operation: Operation, client: ApiClient, server: LemmyTestServer, rule: FaultRule) async throws -> Cell {
        let postId = 4
        let communityId = 2
        switch operation {
        case .feedPage:
            server.faults.add(rule)
            do {
                let page = try await client.getPosts(limit: 10)
                server.faults.clear()
                let truth = try await truth(server).getPosts(limit: 10)
                return page.items.map(\.id) == truth.items.map(\.id) && page.items.map(\.votes) == truth.items.map(\.votes)
                    ? .succeeded : .wrong("page differs from the server's")
            } catch { return .failedUnchanged("\(error)") }
        case .postWithComments:
            server.faults.add(rule)
            do {
                let post = try await client.getPost(id: postId)
                let comments = try await client.getComments(postId: postId, limit: 50)
                server.faults.clear()
                let other = try await truth(server)
                let truthPost = try await other.getPost(id: postId)
                let truthComments = try await other.getComments(postId: postId, limit: 50)
                return post.title == truthPost.title && Set(comments.items.map(\.id)) == Set(truthComments.items.map(\.id))
                    ? .succeeded : .wrong("post or comments differ")
            } catch { return .failedUnchanged("\(error)") }
        case .vote:
            let post = try await client.getPost(id: postId)
            let before = post.votes.myVote
            server.faults.add(rule)
            let result = await post.toggleUpvote()
            server.faults.clear()
            let truth = try await truth(server).getPost(id: postId).votes.myVote
            return compare(result, shown: post.votes.myVote, server: truth, before: before)
        case .save:
            let post = try await client.getPost(id: postId)
            let before = post.saved
            server.faults.add(rule)
            let result = await post.toggleSave()
            server.faults.clear()
            let truth = try await truth(server).getPost(id: postId).saved
            return compare(result, shown: post.saved, server: truth, before: before)
        case .subscribe:
            let community = try await client.getCommunity(id: communityId)
            let before = community.subscription.isSubscribed
            server.faults.add(rule)
            let result = await community.toggleSubscribe()
            server.faults.clear()
            let truth = try await truth(server).getCommunity(id: communityId).subscription.isSubscribed
            guard client.account?.subscribedCommunityIds.contains(communityId) == community.subscription.isSubscribed else {
                return .wrong("account subscriptions disagree with the model")
            }
            return compare(result, shown: community.subscription.isSubscribed, server: truth, before: before)
        case .block:
            let community = try await client.getCommunity(id: communityId)
            let before = community.blocked
            server.faults.add(rule)
            let result = await community.toggleBlock()
            server.faults.clear()
            let truth = try await truth(server).account?.blockedCommunityIds.contains(communityId) ?? false
            guard client.account?.blockedCommunityIds.contains(communityId) == community.blocked else {
                return .wrong("account blocks disagree with the model")
            }
            return compare(result, shown: community.blocked, server: truth, before: before)
        case .markRead:
            // Lists, not GetPost: reading a post marks it read on the server.
            let post = try #require(try await client.getPosts(limit: 20).items.first)
            let before = post.read
            server.faults.add(rule)
            let result = await post.markRead(!before)
            server.faults.clear()
            let truth = try #require(try await truth(server).getPosts(limit: 50).items.first { $0.id == post.id }).read
            return compare(result, shown: post.read, server: truth, before: before)
        case .createComment:
            let text = "matrix \(UUID().uuidString)"
            server.faults.add(rule)
            let made: Bool
            do {
                _ = try await client.createComment(postId: postId, parentId: nil, content: text)
                made = true
            } catch { made = false }
            server.faults.clear()
            let count = try await truth(server).getComments(postId: postId, limit: 50).items.filter { $0.content == text }.count
            switch (made, count) {
            case (true, 1): return .succeeded
            case (false, 0): return .failedUnchanged("not created")
            default: return .wrong("created: \(made), on the server: \(count)")
            }
        case .login:
            server.faults.add(rule)
            do {
                let other = try await LostAnswerTests.login(server)
                server.faults.clear()
                return other.isAuthenticated ? .succeeded : .wrong("no token")
            } catch { return .failedUnchanged("\(error)") }
        case .inbox:
            server.faults.add(rule)
            do {
                let replies = try await client.getReplies(limit: 20)
                server.faults.clear()
                let truth = try await truth(server).getReplies(limit: 20)
                return replies.map(\.id) == truth.map(\.id) && replies.map(\.read) == truth.map(\.read)
                    ? .succeeded : .wrong("replies differ")
            } catch { return .failedUnchanged("\(error)") }
        }
    }

    /// A mutation's cell: the model must show the server's value; a failure must have left the
    /// server as it was, a success must have changed it.
    static func compare<Value: Equatable>(_ result: MutationResult, shown: Value, server: Value, before: Value) -> Cell {
        guard shown == server else { return .wrong("shows \(shown), server has \(server) (\(result))") }
        switch result {
        case .confirmed: return server != before ? .succeeded : .wrong("confirmed but the server did not change")
        case .unchanged: return .wrong("unchanged")
        case .failed(let error): return server == before ? .failedUnchanged("\(error)") : .wrong("failed, but the server changed")
        }
    }
}
