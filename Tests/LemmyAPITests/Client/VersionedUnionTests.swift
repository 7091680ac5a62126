import Foundation
import LemmyAPI
import Testing

/// Members whose form changed between versions (a generated `LemmyVersionedUnion`): every
/// version's form decodes, a strict decoder takes only its version's, and a request carries only
/// the form its server's version uses.
@Suite("Members whose form depends on the version")
struct VersionedUnionTests {
    static func strictDecoder(_ version: LemmyAPIVersion) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[LemmyVersionedCoding.userInfoKey] = LemmyVersionedCoding(version: version, absentMembers: .omit)
        return decoder
    }

    static func text(_ data: Data?) -> String { data.map { String(decoding: $0, as: UTF8.self) } ?? "" }

    @Test("show_downvotes: a bool for 0.19, a VoteShow for 1.0, in the body each server reads")
    func showDownvotesEncoding() throws {
        let v019 = LemmyV3.SaveUserSettings(ApiSaveUserSettings(showDownvotes: .boolean(false)))
        #expect(Self.text(try v019.jsonBody(version: .v0_19_13_beta_1)) == #"{"show_downvotes":false}"#)
        let v10 = LemmyV4.SaveUserSettings(ApiSaveUserSettings(showDownvotes: .voteShow(.showForOthers)))
        #expect(Self.text(try v10.jsonBody(version: .v1_0_0_beta_1)) == #"{"show_downvotes":"show_for_others"}"#)

        // The other version's form is refused before sending, naming the form.
        do {
            _ = try LemmyV3.SaveUserSettings(v10.form).jsonBody(version: .v0_19_13_beta_1)
            Issue.record("a VoteShow went to 0.19")
        } catch let error as LemmyVersionError {
            #expect(error.kind == .form && error.name == "VoteShow" && error.version == .v0_19_13_beta_1)
        }
        #expect(throws: LemmyVersionError.self) { try LemmyV4.SaveUserSettings(v019.form).jsonBody(version: .main) }
        // 0.19.0 has no such member at all.
        #expect(throws: LemmyVersionError.self) { try v019.jsonBody(version: .v0_19_0) }
    }

    @Test("show_downvotes decodes either form; a strict decoder refuses the other version's")
    func showDownvotesDecoding() throws {
        let bool = Data(#"{"show_downvotes":true}"#.utf8)
        let voteShow = Data(#"{"show_downvotes":"hide"}"#.utf8)
        #expect(try JSONDecoder().decode(ApiSaveUserSettings.self, from: bool).showDownvotes == .boolean(true))
        #expect(try JSONDecoder().decode(ApiSaveUserSettings.self, from: voteShow).showDownvotes == .voteShow(.hide))

        #expect(try Self.strictDecoder(.v0_19_13_beta_1).decode(ApiSaveUserSettings.self, from: bool).showDownvotes == .boolean(true))
        #expect(throws: DecodingError.self) { try Self.strictDecoder(.v0_19_13_beta_1).decode(ApiSaveUserSettings.self, from: voteShow) }
        #expect(throws: DecodingError.self) { try Self.strictDecoder(.v1_0_0_beta_1).decode(ApiSaveUserSettings.self, from: bool) }
        #expect(try Self.strictDecoder(.v1_0_0_beta_1).decode(ApiSaveUserSettings.self, from: voteShow).showDownvotes == .voteShow(.hide))

        // Neither form: a typed error naming both.
        do {
            _ = try JSONDecoder().decode(ApiSaveUserSettings.self, from: Data(#"{"show_downvotes":3}"#.utf8))
            Issue.record("a number decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription.contains("`VoteShow`") && context.debugDescription.contains("`boolean`"))
        }
    }

    /// 0.19's `my_user` as a real 0.19.18 server sent it (vendored fixtures), with a community
    /// block and a person block in 0.19's form: views of the viewer and the blocked.
    static func myUser019() throws -> (info: Data, communityBlock: Data) {
        func object(_ data: Data) throws -> [String: Any] { try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]) }
        var myUser = try #require(try object(Fixtures.data("v0.19/lemmykit_GetSiteResponse_0.19.18.json"))["my_user"] as? [String: Any])
        let viewer = try #require((myUser["local_user_view"] as? [String: Any])?["person"])
        let communities = try #require(
            try object(Fixtures.data("v0.19/lemmykit_ListCommunitiesResponse_0.19.18.json"))["communities"] as? [[String: Any]])
        let community = try #require(communities.first?["community"])
        var blocked = try #require(viewer as? [String: Any])
        blocked["id"] = 9
        blocked["name"] = "troll"
        let communityBlock: [String: Any] = ["person": viewer, "community": community]
        myUser["community_blocks"] = [communityBlock]
        myUser["person_blocks"] = [["person": viewer, "target": blocked]]
        return (try JSONSerialization.data(withJSONObject: myUser), try JSONSerialization.data(withJSONObject: communityBlock))
    }

    @Test("0.19's block views decode, and encode back only for a version that uses them")
    func blocks() throws {
        let (json, block) = try Self.myUser019()
        let info = try JSONDecoder().decode(ApiMyUserInfo.self, from: json)
        guard case .communityBlockView(let community)? = info.communityBlocks.first,
            case .personBlockView(let person)? = info.personBlocks.first
        else {
            Issue.record("blocks decoded as \(info.communityBlocks) and \(info.personBlocks)")
            return
        }
        #expect(!community.community.name.isEmpty && person.target.name == "troll")
        // Strictly as 0.19 too; strictly as 1.0 a block view is not the `Community` 1.0 sends.
        _ = try Self.strictDecoder(.v0_19_13_beta_1).decode(ApiMyUserInfo.self, from: json)
        #expect(throws: DecodingError.self) {
            try Self.strictDecoder(.v1_0_0_beta_1).decode(ApiMyUserInfo.CommunityBlocksElement.self, from: block)
        }

        let encoder = JSONEncoder()
        encoder.userInfo[LemmyVersionedCoding.userInfoKey] = LemmyVersionedCoding(version: .v1_0_0_beta_1, absentMembers: .omit)
        #expect(throws: LemmyVersionError.self) { try encoder.encode(info.communityBlocks) }
        encoder.userInfo[LemmyVersionedCoding.userInfoKey] = LemmyVersionedCoding(version: .v0_19_13_beta_1, absentMembers: .omit)
        let again = try JSONDecoder().decode([ApiMyUserInfo.CommunityBlocksElement].self, from: encoder.encode(info.communityBlocks))
        #expect(again == info.communityBlocks)
    }
}
