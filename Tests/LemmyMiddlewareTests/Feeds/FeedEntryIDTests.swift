@testable import LemmyMiddleware
import Testing

/// A feed entry's identity: its hash packs the kind and the variant into one word, and must stay
/// consistent with equality, which compares every field.
struct FeedEntryIDTests {
    @Test("equal ids hash alike; ids that differ in kind, variant or value stay apart in a set")
    func hashingAgreesWithEquality() {
        let kinds: [FeedContentKind] = [.post, .comment, .community, .person, .reply, .mention, .message, .modlog]
        var ids: [FeedEntryID] = []
        for kind in kinds {
            for value in [0, 1, 2, 256, -1, Int.max, Int.min] {
                for variant in [0, 1, 255, 256, Int.max] {
                    ids.append(FeedEntryID(kind: kind, value: value, variant: variant))
                }
            }
        }
        for id in ids {
            let copy = FeedEntryID(kind: id.kind, value: id.value, variant: id.variant)
            #expect(copy == id)
            #expect(copy.hashValue == id.hashValue)
        }
        // A variant of 1 and the kind after `.post` pack to nearby words; equality keeps them apart.
        #expect(Set(ids).count == ids.count)
        #expect(Set(ids + ids).count == ids.count)
    }
}
