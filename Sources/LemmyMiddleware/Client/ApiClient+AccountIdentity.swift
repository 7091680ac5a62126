/// Who the signed-in account is, for calls that send differently for their own content or a
/// community they moderate; the account is loaded first when it is not yet.
extension ApiClient {
    /// The signed-in account's person id.
    func accountPersonId() async throws(ApiClientError) -> Int {
        guard let person = try await loadedAccount().person else { throw .notLoggedIn }
        return person.id
    }

    /// Whether the signed-in account moderates `communityId`.
    func moderates(_ communityId: Int) async throws(ApiClientError) -> Bool {
        try await loadedAccount().moderatedCommunityIds.contains(communityId)
    }

    /// The account, loaded if it has no person yet.
    private func loadedAccount() async throws(ApiClientError) -> Account {
        if let account, account.person != nil { return account }
        return try await loadAccount()
    }
}
