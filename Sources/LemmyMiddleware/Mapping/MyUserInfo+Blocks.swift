internal import LemmyAPI

extension ApiMyUserInfo {
    /// The blocked communities, from 1.0's list of communities or the block views before it.
    var blockedCommunities: [ApiCommunity] {
        communityBlocks.map { block in
            switch block {
            case .community(let community): community
            case .communityBlockView(let view): view.community
            }
        }
    }

    /// The blocked people, from 1.0's list of people or the block views (their `target`) before it.
    var blockedPersons: [ApiPerson] {
        personBlocks.map { block in
            switch block {
            case .person(let person): person
            case .personBlockView(let view): view.target
            }
        }
    }
}
