/// Reads a comment's `path`, Lemmy's ltree of ids from the post down to the comment (`0.12.40`:
/// comment 40, a reply to 12).
enum CommentPath {
    /// The ids after the leading `0`, or none when the path is not of that form (a label that is
    /// not a positive integer, a missing `0`): a federated server may send anything, and a
    /// half-read path would place the comment somewhere it is not (`0.12.x` as a top-level 12).
    static func ids(_ path: String) -> [Int] {
        var labels = path.split(separator: ".", omittingEmptySubsequences: false)[...]
        guard labels.first == "0" else { return [] }
        labels = labels.dropFirst()
        var ids: [Int] = []
        ids.reserveCapacity(labels.count)
        for label in labels {
            guard let id = Int(label), id > 0, label.first != "+" else { return [] }
            ids.append(id)
        }
        return ids
    }
}
