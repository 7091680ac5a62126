internal import LemmyAPI

extension ApiClient {
    /// Marks the whole inbox read: every reply, mention, private message and notice the account received,
    /// on the server (0.18 and 0.19 `MarkAllAsRead`, 1.0 `MarkAllNotificationsAsRead`) and at once
    /// in every loaded model, with the account's unread counts at zero. If the server refuses,
    /// the models and the counts go back to what the server holds.
    ///
    /// Like ``markRead(_:read:)`` for posts, the request takes its turn in the mutation queue of
    /// each loaded item that is unread or has a change in flight, so a `markRead` still under way
    /// finishes first and the batch has the last word. A lost answer is reconciled by reading the
    /// lists and the unread counts again: counts at zero show the server did it.
    @discardableResult
    public func markInboxRead() async -> MutationResult {
        if let refused = refusedMutation() { return refused }
        guard let account else { return .failed(.notLoggedIn) }
        // Lemmy marks only messages to the account (`recipient_id`): who that is must be known.
        if account.person == nil { _ = try? await loadAccount() }
        let me = account.person?.id
        let replies = caches.reply1.values.filter(Self.joinsBatch)
        let mentions = caches.mention1.values.filter(Self.joinsBatch)
        let messages = caches.message1.values.filter { Self.joinsBatch($0) && $0.recipient.id == me }
        let notices = caches.notice1.values.filter(Self.joinsBatch)
        let countsBefore = account.unread
        account.unread = UnreadCounts()
        let parties = replies.count + mentions.count + messages.count + notices.count
        let barrier = BatchBarrier(parties: max(parties, 1)) { [self] () async -> BatchOutcome in
            do throws(ApiClientError) {
                try await sendMarkInboxRead()
                return BatchOutcome(error: nil, sequence: mergeSequence)
            } catch {
                // A refusal changed nothing; a lost answer may have changed everything. Either
                // way the server's lists and counts decide; if they cannot be read, the counts
                // go back with the models.
                do throws(ApiClientError) {
                    try await rereadInbox()
                    if error.mayHaveReachedServer, account.unread == UnreadCounts() {
                        return BatchOutcome(error: nil, sequence: mergeSequence)
                    }
                } catch {
                    account.unread = countsBefore
                }
                return BatchOutcome(error: error, sequence: 0)
            }
        }
        guard parties > 0 else {
            let outcome = await barrier.arrive()
            return outcome.error.map(MutationResult.failed) ?? .confirmed
        }
        /// One model's part: read at once, confirmed (or put back) by the one request.
        func start<Model: ReadFlagModel>(_ model: Model) -> Task<MutationResult, Never> {
            startMutation(model, optimistic: { $0.read = true }) { () async throws(ApiClientError) in
                let outcome = await barrier.arrive()
                if let error = outcome.error { throw error }
                model.confirm(sequence: outcome.sequence) { $0.read = true }
            }
        }
        let tasks = replies.map(start) + mentions.map(start) + messages.map(start) + notices.map(start)
        return await BatchBarrier.outcome(of: tasks)
    }

    /// Whether a loaded item takes part: unread as the server last said, or with a change in
    /// flight (whose outcome the batch must follow, not race).
    private static func joinsBatch<Model: ReadFlagModel>(_ model: Model) -> Bool {
        !model.readConfirmed({ $0.read }) || model.mutations.isBusy
    }

    private func sendMarkInboxRead() async throws(ApiClientError) {
        // Explicit per generation: different calls: 1.0 marks notifications, 0.18/0.19 the inbox.
        if try await generation() == .v4 {
            _ = try await send(LemmyV4.MarkAllNotificationsAsRead(), mutation: true)
        } else {
            _ = try await send(LemmyV3.MarkAllAsRead(), mutation: true)
        }
    }

    /// The first page of each inbox list and the unread counts, read again.
    private func rereadInbox() async throws(ApiClientError) {
        _ = try await getReplies(limit: 50)
        _ = try await getMentions(limit: 50, cursor: nil)
        _ = try await getMessages(limit: 50)
        // 1.0's notices have no list of their own: the first page of every notification.
        if try await generation() == .v4 { _ = try await getNotifications(limit: 50, cursor: nil) }
        try await refreshUnreadCounts()
    }
}
