import Foundation
import LemmyAPI

/// The vendored Lemmy answers in `Tests/Fixtures/lemmy` (see its PROVENANCE.md).
enum Fixtures {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let lemmy = checkout.appendingPathComponent("Tests/Fixtures/lemmy")

    static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: lemmy.appendingPathComponent(relativePath))
    }

    /// Every fixture JSON file, relative paths.
    static func allFiles() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: lemmy.path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".json") { files.append(path) }
        }
        return files.sorted()
    }
}

/// `GetSiteResponse` with only `site_view` (the crawler deleted the rest).
struct SiteViewOnly: Codable, Hashable, Sendable {
    var site_view: ApiSiteView
}

/// A fixture and the type it must decode as.
struct FixtureCase: Sendable, CustomTestStringConvertible {
    let path: String
    let generation: LemmyAPIGeneration
    /// The fast path's decoding beside `JSONDecoder`'s (see ``CrossCheck``).
    let crossCheck: @Sendable (Data) -> CrossCheck.Outcome
    /// The fixture decoded, then encoded by ``LemmyFastEncoding``'s fast path and by `JSONEncoder`
    /// for each target (see ``EncodeCheck``).
    let encodeCheck: @Sendable (Data, [LemmyVersionedCoding]) throws -> [EncodeCheck.Outcome]
    let roundTrip: @Sendable (Data, LemmyAPIGeneration) throws -> Bool
    var testDescription: String { path }

    static func make<T: Codable & Hashable & Sendable>(_ path: String, _ type: T.Type) -> FixtureCase {
        FixtureCase(
            path: path, generation: .v3, crossCheck: { CrossCheck.outcome(T.self, $0) },
            encodeCheck: { data, codings in
                let value = try LemmyResponseDecoder.decode(T.self, from: data)
                return codings.map { EncodeCheck.outcome(value, $0) }
            }
        ) { data, generation in
            let first = try LemmyResponseDecoder.decode(T.self, from: data, generation: generation)
            let encoder = JSONEncoder()
            encoder.userInfo[LemmyAPIGeneration.userInfoKey] = generation
            let again = try LemmyResponseDecoder.decode(T.self, from: try encoder.encode(first), generation: generation)
            return first == again
        }
    }
}

import Testing

/// The table: every response fixture and its response type.
let responseFixtures: [FixtureCase] = [
    .make("v0.18/spud_GetPostsResponse_all-hot.json", ApiGetPostsResponse.self),
    .make("v0.18/spud_GetPostResponse_1549703.json", ApiGetPostResponse.self),
    .make("v0.18/spud_GetCommentsResponse_1549703-hot.json", ApiGetCommentsResponse.self),
    .make("v0.18/spud_GetPersonDetailsResponse_31989.json", ApiGetPersonDetailsResponse.self),
    .make("v0.18/muffed_PostView_fragment.json", ApiPostView.self),
    .make("v0.18/muffed_CommunityView_fragment.json", ApiCommunityView.self),
    .make("v0.18/muffed_Community_fragment.json", ApiCommunity.self),
    .make("v0.18/joinlemmy_GetSiteResponse-siteview-only_lemmy.world_0.18.5.json", SiteViewOnly.self),
    .make("v0.18/joinlemmy_GetSiteResponse-siteview-only_lemmy.ml_0.18.0.json", SiteViewOnly.self),
    .make("v0.19/lemmykit_GetSiteResponse_0.19.18.json", ApiGetSiteResponse.self),
    .make("v0.19/lemmykit_GetPostsResponse_0.19.18.json", ApiGetPostsResponse.self),
    .make("v0.19/lemmykit_ListCommunitiesResponse_0.19.18.json", ApiListCommunitiesResponse.self),
    .make("v0.19/lemmykit_GetFederatedInstancesResponse_0.19.18.json", ApiGetFederatedInstancesResponse.self),
    .make("v0.19/joinlemmy_GetSiteResponse_feddit.org_0.19.12_trimmed.json", ApiGetSiteResponse.self),
    .make("v0.19/joinlemmy_GetSiteResponse_lemmy.ml_0.19.15_trimmed.json", ApiGetSiteResponse.self),
    .make("v0.19-dev/dallyh_AddAdminResponse.json", ApiAddAdminResponse.self),
    .make("v0.19-dev/dallyh_ApproveRegistrationApplicationResponse.json", ApiRegistrationApplicationResponse.self),
    .make("v0.19-dev/dallyh_GetUnreadRegistrationApplicationCountResponse.json", ApiGetUnreadRegistrationApplicationCountResponse.self),
    .make("v0.19-dev/dallyh_ListRegistrationApplicationsResponse.json", ApiListRegistrationApplicationsResponse.self),
    .make("v0.19-dev/dallyh_PurgeItemResponse.json", ApiPurgeItemResponse.self),
    .make("v0.19-dev/dallyh_CreateCommentResponse.json", ApiCommentResponse.self),
    .make("v0.19-dev/dallyh_DeleteCommentResponse.json", ApiCommentResponse.self),
    .make("v0.19-dev/dallyh_DistinguishCommentResponse.json", ApiCommentResponse.self),
    .make("v0.19-dev/dallyh_EditCommentResponse.json", ApiCommentResponse.self),
    .make("v0.19-dev/dallyh_GetCommentResponse.json", ApiCommentResponse.self),
    .make("v0.19-dev/dallyh_LikeCommentResponse.json", ApiCommentResponse.self),
    .make("v0.19-dev/dallyh_RemoveCommentResponse.json", ApiCommentResponse.self),
    .make("v0.19-dev/dallyh_SaveCommentResponse.json", ApiCommentResponse.self),
    .make("v0.19-dev/dallyh_GetCommentsResponse.json", ApiGetCommentsResponse.self),
    .make("v0.19-dev/dallyh_CreateCommentReportResponse.json", ApiCommentReportResponse.self),
    .make("v0.19-dev/dallyh_ResolveCommentReportResponse.json", ApiCommentReportResponse.self),
    .make("v0.19-dev/dallyh_ListCommentReportsResponse.json", ApiListCommentReportsResponse.self),
    .make("v0.19-dev/dallyh_MarkCommentReplyAsReadResponse.json", ApiCommentReplyResponse.self),
    .make("v0.19-dev/dallyh_AddModToCommunityResponse.json", ApiAddModToCommunityResponse.self),
    .make("v0.19-dev/dallyh_BanFromCommunityResponse.json", ApiBanFromCommunityResponse.self),
    .make("v0.19-dev/dallyh_BlockCommunityResponse.json", ApiBlockCommunityResponse.self),
    .make("v0.19-dev/dallyh_CreateCommunityResponse.json", ApiCommunityResponse.self),
    .make("v0.19-dev/dallyh_DeleteCommunityResponse.json", ApiCommunityResponse.self),
    .make("v0.19-dev/dallyh_EditCommunityResponse.json", ApiCommunityResponse.self),
    .make("v0.19-dev/dallyh_FollowCommunityResponse.json", ApiCommunityResponse.self),
    .make("v0.19-dev/dallyh_RemoveCommunityResponse.json", ApiCommunityResponse.self),
    .make("v0.19-dev/dallyh_GetCommunityResponse.json", ApiGetCommunityResponse.self),
    .make("v0.19-dev/dallyh_TransferCommunityResponse.json", ApiGetCommunityResponse.self),
    .make("v0.19-dev/dallyh_ListCommunitiesResponse.json", ApiListCommunitiesResponse.self),
    .make("v0.19-dev/dallyh_UploadImageResponse.json", ApiUploadImageResponse.self),
]
