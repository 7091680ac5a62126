import FoundationEssentials
/// Builds a deterministic ``Database``: the same seed and scale always give the same rows.
///
/// Known accounts (password `password` for all): `admin` (id 1, site admin), `alice` (id 2,
/// subscribed to the first two communities), `bob` (id 3, moderator of the first two
/// communities), `carol` (id 4, files a few reports), and, last, `dave` (two-factor login, see
/// ``LemmyTestServer/twoFactorUsername``). Every other person is `<name>_<id>`, also with
/// password `password`.
struct SeedGenerator {
    var scale: SeedScale
    var seed: UInt64
    /// Seconds since 1970 that seeded content leads up to.
    var now: Double

    static let password = "password"

    func generate() -> Database {
        var rng = SplitMix64(seed: seed)
        var db = Database()
        db.seed = seed
        let start = now - scale.spanSeconds
        db.siteCreated = start - 86_400
        makePersons(&db, &rng, start: start)
        makeCommunities(&db, &rng, start: start)
        makePosts(&db, &rng, start: start)
        makeComments(&db, &rng)
        makeExtras(&db, &rng)
        MediaSeed(seed: seed).decorate(&db)
        addTwoFactorAccount(&db)
        return db
    }

    /// `dave`, who logs in with a second factor (``TOTP/seededSecret``). Added last, so the
    /// random draws of everything else stay as they were.
    private func addTwoFactorAccount(_ db: inout Database) {
        let id = db.persons.count + 1
        var dave = PersonRecord(
            id: id, name: LemmyTestServer.twoFactorUsername, displayName: "Dave", password: Self.password,
            isAdmin: false, bio: "Uses two-factor login.", published: db.siteCreated)
        dave.totpSecret = TOTP.seededSecret
        dave.totpEnabled = true
        // What 0.18 shows the account (the only version that shows the URL).
        dave.totpURL = TOTP.url(issuer: db.site.name, account: dave.name, secret: TOTP.seededSecret, algorithm: .sha256)
        db.persons.append(dave)
        db.users[id] = UserState()
    }

    private func makePersons(_ db: inout Database, _ rng: inout SplitMix64, start: Double) {
        let fixed: [(String, String?, Bool, String?)] = [
            ("admin", "Site Admin", true, "I run this instance."),
            ("alice", "Alice", false, "Enjoys Swift and sourdough."),
            ("bob", "Bob the Moderator", false, "Community moderator."),
            ("carol", nil, false, nil),
        ]
        db.persons.reserveCapacity(scale.persons)
        for index in 0..<max(scale.persons, fixed.count) {
            let id = index + 1
            let published = db.siteCreated + Double(index) * 60
            if index < fixed.count {
                let (name, display, admin, bio) = fixed[index]
                db.persons.append(
                    PersonRecord(
                        id: id, name: name, displayName: display, password: Self.password,
                        isAdmin: admin, bio: bio, published: published, showNSFW: admin))
            } else {
                let name = "\(rng.pick(TextGenerator.firstNames))_\(id)"
                db.persons.append(
                    PersonRecord(
                        id: id, name: name, displayName: rng.chance(0.5) ? name.capitalized : nil,
                        password: Self.password, isAdmin: false,
                        bio: rng.chance(0.3) ? TextGenerator.paragraph(&rng, sentences: 1) : nil,
                        published: published, isBot: rng.chance(0.02)))
            }
            db.users[id] = UserState()
        }
    }

    private func makeCommunities(_ db: inout Database, _ rng: inout SplitMix64, start: Double) {
        for index in 0..<scale.communities {
            let id = index + 1
            let base = TextGenerator.communityNames[index % TextGenerator.communityNames.count]
            let suffix = index < TextGenerator.communityNames.count ? "" : "\(index / TextGenerator.communityNames.count)"
            let nsfw = scale.communities >= 5 && index == scale.communities - 1
            let moderators = index < 2 ? [3] : [1]
            db.communities.append(
                CommunityRecord(
                    id: id, name: nsfw ? "nsfw_art" : base.0 + suffix, title: nsfw ? "NSFW Art" : base.1 + suffix,
                    description: "A place to talk about \(base.1.lowercased()).", nsfw: nsfw,
                    published: db.siteCreated + Double(index) * 3600, moderators: moderators,
                    baseSubscribers: 10 + rng.below(500)))
        }
        // Known subscriptions.
        let now = self.now
        func follow(_ person: Int, _ community: Int) {
            guard community <= db.communities.count else { return }
            db.communities[community - 1].subscribers.insert(person)
            db.users[person, default: UserState()].follows[community] = now - 86_400
        }
        follow(2, 1)
        follow(2, 2)
        for community in 1...3 { follow(3, community) }
        for community in 1...db.communities.count { follow(4, community) }
    }

    private func makePosts(_ db: inout Database, _ rng: inout SplitMix64, start: Double) {
        let count = scale.posts
        let step = scale.spanSeconds / Double(max(count, 1))
        db.posts.reserveCapacity(count)
        db.commentsByPost = Array(repeating: [], count: count)
        for index in 0..<count {
            let id = index + 1
            let communityId = 1 + rng.below(db.communities.count)
            let community = db.communities[communityId - 1]
            let published = start + Double(index) * step + rng.unit() * step * 0.5
            let popularity = rng.unit()
            let upvotes = 1 + Int(popularity * popularity * popularity * 400)
            let kind = rng.below(3)
            var post = PostRecord(
                id: id, name: TextGenerator.title(&rng),
                body: kind == 0 ? nil : TextGenerator.paragraph(&rng, sentences: 2 + rng.below(4)),
                url: kind == 1 ? nil : "https://example.com/\(community.name)/\(id)",
                creatorId: 1 + rng.below(db.persons.count), communityId: communityId, published: published,
                upvotes: upvotes, downvotes: Int(Double(upvotes) * rng.unit() * 0.15), newestCommentTime: published)
            post.nsfw = community.nsfw || rng.chance(0.03)
            if rng.chance(0.08) { post.updated = published + 600 }
            if rng.chance(0.03) { post.deleted = true }
            if rng.chance(0.02) { post.removed = true }
            if rng.chance(0.01) { post.locked = true }
            db.posts.append(post)
            db.countPost(post, +1)
        }
        // The newest post of the first community is featured there; the newest post overall site-wide.
        if let last = db.posts.lastIndex(where: { $0.communityId == 1 && !$0.deleted && !$0.removed }) {
            db.posts[last].featuredCommunity = true
        }
        if count > 3, let last = db.posts.indices.dropLast(3).last(where: { !db.posts[$0].deleted && !db.posts[$0].removed }) {
            db.posts[last].featuredLocal = true
        }
    }

    private func makeComments(_ db: inout Database, _ rng: inout SplitMix64) {
        let count = scale.comments
        let postCount = db.posts.count
        guard postCount > 0 else { return }
        db.comments.reserveCapacity(count)
        for index in 0..<count {
            let id = index + 1
            // Skewed towards newer posts (higher ids), like a live instance.
            let u = rng.unit()
            let postId = postCount - Int(u * u * Double(postCount - 1))
            let post = db.posts[postId - 1]
            var parentId: Int?
            var depth = 0
            var after = post.published
            let siblings = db.commentsByPost[postId - 1]
            if !siblings.isEmpty, rng.chance(0.6) {
                let parent = db.comments[siblings[rng.below(siblings.count)] - 1]
                if parent.depth < 8 {
                    parentId = parent.id
                    depth = parent.depth + 1
                    after = parent.published
                }
            }
            let published = after + max(1, (now - after) * rng.unit() * 0.3)
            let popularity = rng.unit()
            let upvotes = Int(popularity * popularity * popularity * 60)
            var comment = CommentRecord(
                id: id, postId: postId, creatorId: 1 + rng.below(db.persons.count),
                parentId: parentId, depth: depth, published: published,
                upvotes: upvotes, downvotes: Int(Double(upvotes) * rng.unit() * 0.2))
            if rng.chance(0.05) { comment.updated = published + 120 }
            if rng.chance(0.03) { comment.deleted = true }
            if rng.chance(0.01) { comment.removed = true }
            db.comments.append(comment)
            db.commentsByPost[postId - 1].append(id)
            db.posts[postId - 1].commentCount += 1
            db.countComment(comment, communityId: post.communityId, +1)
            if published > db.posts[postId - 1].newestCommentTime { db.posts[postId - 1].newestCommentTime = published }
            var ancestor = parentId
            while let a = ancestor {
                db.comments[a - 1].childCount += 1
                ancestor = db.comments[a - 1].parentId
            }
            let recipient = parentId.map { db.comments[$0 - 1].creatorId } ?? post.creatorId
            if recipient != comment.creatorId {
                db.addInbox(kind: .reply, recipient: recipient, commentId: id, published: published, read: rng.chance(0.5))
            }
        }
    }

    private func makeExtras(_ db: inout Database, _ rng: inout SplitMix64) {
        // Mentions of alice.
        let mentionCount = min(5, db.comments.count / 10)
        for index in 0..<mentionCount {
            let id = db.comments.count - 1 - index * 7
            guard id >= 1 else { continue }
            db.comments[id - 1].content = "@alice " + TextGenerator.comment(seed: seed, id: id)
            db.addInbox(kind: .mention, recipient: 2, commentId: id, published: db.comments[id - 1].published, read: false)
        }
        // Private messages.
        let messages: [(Int, Int, String)] = [
            (3, 2, "Hi Alice, welcome to the instance!"), (4, 2, "Did you see the new post in technology?"),
            (2, 3, "Thanks Bob!"), (4, 1, "Could you look at the reports queue?"),
        ]
        for (offset, (from, to, text)) in messages.enumerated() where to <= db.persons.count {
            _ = db.addPrivateMessage(from: from, to: to, content: text, published: now - Double(3600 * (offset + 1)))
        }
        // Reports by carol in bob's communities, and removals in the modlog.
        var filed = 0
        for post in db.posts where post.communityId <= 2 && !post.deleted && filed < 3 {
            db.reports.append(
                ReportRecord(
                    id: db.reports.count + 1, kind: .post, creatorId: 4, targetId: post.id,
                    originalText: post.name, reason: "Spam?", published: post.published + 3600))
            filed += 1
        }
        filed = 0
        for comment in db.comments where comment.creatorId != 4 && filed < 3 {
            guard db.posts[comment.postId - 1].communityId <= 2 else { continue }
            db.reports.append(
                ReportRecord(
                    id: db.reports.count + 1, kind: .comment, creatorId: 4, targetId: comment.id,
                    originalText: db.content(of: comment), reason: "Rude",
                    published: comment.published + 600))
            filed += 1
        }
        for post in db.posts where post.removed {
            let mod = db.communities[post.communityId - 1].moderators.first ?? 1
            db.modlog.append(
                ModlogRecord(
                    id: db.modlog.count + 1, kind: .removePost, moderatorId: mod, targetId: post.id,
                    reason: "Off topic", flag: true, when: post.published + 1800))
            if db.modlog.count >= 1_000 { break }
        }
        for comment in db.comments where comment.removed {
            let mod = db.communities[db.posts[comment.postId - 1].communityId - 1].moderators.first ?? 1
            db.modlog.append(
                ModlogRecord(
                    id: db.modlog.count + 1, kind: .removeComment, moderatorId: mod,
                    targetId: comment.id, reason: "Rule 1", flag: true, when: comment.published + 600))
            if db.modlog.count >= 2_000 { break }
        }
    }
}

extension Database {
    /// Adjusts the maintained post counters of the creator and the community.
    mutating func countPost(_ post: PostRecord, _ delta: Int) {
        persons[post.creatorId - 1].postCount += delta
        communities[post.communityId - 1].postCount += delta
    }

    /// Adjusts the maintained comment counters of the creator and the community.
    mutating func countComment(_ comment: CommentRecord, communityId: Int, _ delta: Int) {
        persons[comment.creatorId - 1].commentCount += delta
        communities[communityId - 1].commentCount += delta
    }

    /// Adds an inbox entry and indexes it by recipient.
    @discardableResult
    mutating func addInbox(
        kind: InboxRecord.Kind, recipient: Int, commentId: Int? = nil, privateMessageId: Int? = nil, postId: Int? = nil,
        published: Double, read: Bool = false
    ) -> Int {
        let id = inbox.count + 1
        inbox.append(
            InboxRecord(
                id: id, kind: kind, recipientId: recipient, commentId: commentId,
                privateMessageId: privateMessageId, postId: postId, read: read, published: published))
        inboxByRecipient[recipient, default: []].append(id)
        return id
    }

    /// Stores a private message and puts it in the recipient's inbox.
    mutating func addPrivateMessage(from: Int, to: Int, content: String, published: Double) -> Int {
        let id = privateMessages.count + 1
        let inboxId = inbox.count + 1
        privateMessages.append(
            PrivateMessageRecord(
                id: id, creatorId: from, recipientId: to, content: content, published: published,
                inboxId: inboxId))
        addInbox(kind: .privateMessage, recipient: to, privateMessageId: id, published: published)
        return id
    }
}
