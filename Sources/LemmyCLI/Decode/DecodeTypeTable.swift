import Foundation
import LemmyAPI

/// The LemmyAPI types `lemmy decode` knows by name: every `Api…Response` plus the views and
/// objects that responses embed (fixtures often hold just a fragment).
///
/// A hand-kept table rather than generator output: `decode` is a debugging aid of the CLI, and
/// the generator's job is the wire types. A new response type is one line here; the
/// `DecodeTypeTableTests` test fails if a generated `Api…Response` is missing.
enum DecodeTypeTable {
    /// Decodes `data` as the named type and returns the value, or throws the decoding failure.
    typealias Decoder = @Sendable (Data, LemmyAPIGeneration?) throws -> any Sendable

    static let types: [String: Decoder] = [
        "ApiAddAdminResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiAddAdminResponse.self, from: data, generation: generation)
        },
        "ApiAddModToCommunityResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiAddModToCommunityResponse.self, from: data, generation: generation)
        },
        "ApiBanFromCommunityResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiBanFromCommunityResponse.self, from: data, generation: generation)
        },
        "ApiBanPersonResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiBanPersonResponse.self, from: data, generation: generation)
        },
        "ApiBannedPersonsResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiBannedPersonsResponse.self, from: data, generation: generation)
        },
        "ApiBlockCommunityResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiBlockCommunityResponse.self, from: data, generation: generation)
        },
        "ApiBlockInstanceResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiBlockInstanceResponse.self, from: data, generation: generation)
        },
        "ApiBlockPersonResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiBlockPersonResponse.self, from: data, generation: generation)
        },
        "ApiCaptchaResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiCaptchaResponse.self, from: data, generation: generation)
        },
        "ApiCommentReplyResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiCommentReplyResponse.self, from: data, generation: generation)
        },
        "ApiCommentReportResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiCommentReportResponse.self, from: data, generation: generation)
        },
        "ApiCommentResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiCommentResponse.self, from: data, generation: generation)
        },
        "ApiCommunityJoinResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiCommunityJoinResponse.self, from: data, generation: generation)
        },
        "ApiCommunityReportResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiCommunityReportResponse.self, from: data, generation: generation)
        },
        "ApiCommunityResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiCommunityResponse.self, from: data, generation: generation)
        },
        "ApiCreateInvitationResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiCreateInvitationResponse.self, from: data, generation: generation)
        },
        "ApiCustomEmojiResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiCustomEmojiResponse.self, from: data, generation: generation)
        },
        "ApiDeleteAccountResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiDeleteAccountResponse.self, from: data, generation: generation)
        },
        "ApiDeleteCustomEmojiResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiDeleteCustomEmojiResponse.self, from: data, generation: generation)
        },
        "ApiEditTotpResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiEditTotpResponse.self, from: data, generation: generation)
        },
        "ApiExportDataResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiExportDataResponse.self, from: data, generation: generation)
        },
        "ApiGenerateTotpSecretResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiGenerateTotpSecretResponse.self, from: data, generation: generation)
        },
        "ApiGetCaptchaResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiGetCaptchaResponse.self, from: data, generation: generation)
        },
        "ApiGetCommentsResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiGetCommentsResponse.self, from: data, generation: generation)
        },
        "ApiGetCommunityResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiGetCommunityResponse.self, from: data, generation: generation)
        },
        "ApiGetFederatedInstancesResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiGetFederatedInstancesResponse.self, from: data, generation: generation)
        },
        "ApiGetModlogResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiGetModlogResponse.self, from: data, generation: generation)
        },
        "ApiGetMultiCommunityResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiGetMultiCommunityResponse.self, from: data, generation: generation)
        },
        "ApiGetPersonDetailsResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiGetPersonDetailsResponse.self, from: data, generation: generation)
        },
        "ApiGetPersonMentionsResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiGetPersonMentionsResponse.self, from: data, generation: generation)
        },
        "ApiGetPostResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiGetPostResponse.self, from: data, generation: generation)
        },
        "ApiGetPostsResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiGetPostsResponse.self, from: data, generation: generation)
        },
        "ApiGetRepliesResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiGetRepliesResponse.self, from: data, generation: generation)
        },
        "ApiGetReportCountResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiGetReportCountResponse.self, from: data, generation: generation)
        },
        "ApiGetSiteMetadataResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiGetSiteMetadataResponse.self, from: data, generation: generation)
        },
        "ApiGetSiteResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiGetSiteResponse.self, from: data, generation: generation)
        },
        "ApiGetUnreadCountResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiGetUnreadCountResponse.self, from: data, generation: generation)
        },
        "ApiGetUnreadRegistrationApplicationCountResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiGetUnreadRegistrationApplicationCountResponse.self, from: data, generation: generation)
        },
        "ApiListCommentLikesResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiListCommentLikesResponse.self, from: data, generation: generation)
        },
        "ApiListCommentReportsResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiListCommentReportsResponse.self, from: data, generation: generation)
        },
        "ApiListCommunitiesResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiListCommunitiesResponse.self, from: data, generation: generation)
        },
        "ApiListCustomEmojisResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiListCustomEmojisResponse.self, from: data, generation: generation)
        },
        "ApiListLoginsResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiListLoginsResponse.self, from: data, generation: generation)
        },
        "ApiListMediaResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiListMediaResponse.self, from: data, generation: generation)
        },
        "ApiListPostLikesResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiListPostLikesResponse.self, from: data, generation: generation)
        },
        "ApiListPostReportsResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiListPostReportsResponse.self, from: data, generation: generation)
        },
        "ApiListPrivateMessageReportsResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiListPrivateMessageReportsResponse.self, from: data, generation: generation)
        },
        "ApiListRegistrationApplicationsResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiListRegistrationApplicationsResponse.self, from: data, generation: generation)
        },
        "ApiLoginResponse": { data, generation in try LemmyResponseDecoder.decode(ApiLoginResponse.self, from: data, generation: generation)
        },
        "ApiModJoinResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiModJoinResponse.self, from: data, generation: generation)
        },
        "ApiMultiCommunityResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiMultiCommunityResponse.self, from: data, generation: generation)
        },
        "ApiPasswordResetResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiPasswordResetResponse.self, from: data, generation: generation)
        },
        "ApiPersonMentionResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiPersonMentionResponse.self, from: data, generation: generation)
        },
        "ApiPersonResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiPersonResponse.self, from: data, generation: generation)
        },
        "ApiPostJoinResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiPostJoinResponse.self, from: data, generation: generation)
        },
        "ApiPostReportResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiPostReportResponse.self, from: data, generation: generation)
        },
        "ApiPostResponse": { data, generation in try LemmyResponseDecoder.decode(ApiPostResponse.self, from: data, generation: generation)
        },
        "ApiPrivateMessageReportResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiPrivateMessageReportResponse.self, from: data, generation: generation)
        },
        "ApiPrivateMessageResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiPrivateMessageResponse.self, from: data, generation: generation)
        },
        "ApiPrivateMessagesResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiPrivateMessagesResponse.self, from: data, generation: generation)
        },
        "ApiPurgeItemResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiPurgeItemResponse.self, from: data, generation: generation)
        },
        "ApiRegistrationApplicationResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiRegistrationApplicationResponse.self, from: data, generation: generation)
        },
        "ApiResolveObjectResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiResolveObjectResponse.self, from: data, generation: generation)
        },
        "ApiSearchResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiSearchResponse.self, from: data, generation: generation)
        },
        "ApiSiteResponse": { data, generation in try LemmyResponseDecoder.decode(ApiSiteResponse.self, from: data, generation: generation)
        },
        "ApiSuccessResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiSuccessResponse.self, from: data, generation: generation)
        },
        "ApiTaglineResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiTaglineResponse.self, from: data, generation: generation)
        },
        "ApiUnreadCountsResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiUnreadCountsResponse.self, from: data, generation: generation)
        },
        "ApiUpdateTotpResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiUpdateTotpResponse.self, from: data, generation: generation)
        },
        "ApiUploadImageResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiUploadImageResponse.self, from: data, generation: generation)
        },
        "ApiUserJoinResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiUserJoinResponse.self, from: data, generation: generation)
        },
        "ApiVerifyEmailResponse": { data, generation in
            try LemmyResponseDecoder.decode(ApiVerifyEmailResponse.self, from: data, generation: generation)
        },
        "ApiPostView": { data, generation in try LemmyResponseDecoder.decode(ApiPostView.self, from: data, generation: generation) },
        "ApiCommentView": { data, generation in try LemmyResponseDecoder.decode(ApiCommentView.self, from: data, generation: generation) },
        "ApiCommunityView": { data, generation in try LemmyResponseDecoder.decode(ApiCommunityView.self, from: data, generation: generation)
        },
        "ApiPersonView": { data, generation in try LemmyResponseDecoder.decode(ApiPersonView.self, from: data, generation: generation) },
        "ApiCommentReplyView": { data, generation in
            try LemmyResponseDecoder.decode(ApiCommentReplyView.self, from: data, generation: generation)
        },
        "ApiPrivateMessageView": { data, generation in
            try LemmyResponseDecoder.decode(ApiPrivateMessageView.self, from: data, generation: generation)
        },
        "ApiSiteView": { data, generation in try LemmyResponseDecoder.decode(ApiSiteView.self, from: data, generation: generation) },
        "ApiMyUserInfo": { data, generation in try LemmyResponseDecoder.decode(ApiMyUserInfo.self, from: data, generation: generation) },
        "ApiPost": { data, generation in try LemmyResponseDecoder.decode(ApiPost.self, from: data, generation: generation) },
        "ApiComment": { data, generation in try LemmyResponseDecoder.decode(ApiComment.self, from: data, generation: generation) },
        "ApiCommunity": { data, generation in try LemmyResponseDecoder.decode(ApiCommunity.self, from: data, generation: generation) },
        "ApiPerson": { data, generation in try LemmyResponseDecoder.decode(ApiPerson.self, from: data, generation: generation) },
    ]

    /// The decoder for `name`: `GetPostsResponse`, `ApiGetPostsResponse` or any capitalisation of them.
    static func lookup(_ name: String) -> (name: String, decode: Decoder)? {
        let wanted = name.lowercased().hasPrefix("api") ? name.lowercased() : "api" + name.lowercased()
        guard let key = types.keys.first(where: { $0.lowercased() == wanted }), let decode = types[key] else { return nil }
        return (key, decode)
    }
}
