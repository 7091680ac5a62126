internal import LemmyAPI

/// Blocking people; ``ApiClient/account`` is kept in step.
extension Person1Providing {
    /// Blocks or unblocks the person for the account.
    @discardableResult public func toggleBlock() async -> MutationResult {
        let person = person1
        let block = !person.blocked
        return await api.mutate(person, optimistic: { model in
            model.blocked = block
            if let account = model.api.account { Account.set(&account.blockedPersonIds, model.id, member: block) }
        }) { () async throws(ApiClientError) in
            let form = ApiBlockPerson(personId: person.id, block: block)
            let view = try await person.api.generation() == .v4
                ? try await person.api.send(LemmyV4.BlockPerson(form), mutation: true).personView
                : try await person.api.send(LemmyV3.BlockPerson(form), mutation: true).personView
            _ = person.api.person2(view)
            person.confirmed.blocked = block
        } rollback: {
            if let account = person.api.account {
                Account.set(&account.blockedPersonIds, person.id, member: person.confirmed.blocked)
            }
        }
    }
}
