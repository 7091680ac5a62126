internal import LemmyAPI

/// Blocking people; ``ApiClient/account`` is kept in step.
extension Person1Providing {
    /// Blocks or unblocks the person for the account.
    @discardableResult public func toggleBlock() async -> MutationResult {
        let person = person1
        return await api.toggleBlock(person, list: \.blockedPersonIds) { block async throws(ApiClientError) in
            let form = ApiBlockPerson(personId: person.id, block: block)
            // Explicit per generation: different responses (0.18/0.19 BlockPersonResponse, 1.0 PersonResponse).
            let view =
                try await person.api.generation() == .v4
                ? try await person.api.send(LemmyV4.BlockPerson(form), mutation: true).personView
                : try await person.api.send(LemmyV3.BlockPerson(form), mutation: true).personView
            try person.api.mergeAnswer(view, about: person.id)
        }
    }
}
