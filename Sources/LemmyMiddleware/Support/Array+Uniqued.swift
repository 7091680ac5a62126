extension Array where Element: Hashable {
    /// The elements in order without repeats (Lemmy refuses a tag id twice, `couldnt_create`,
    /// after it made the post).
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
