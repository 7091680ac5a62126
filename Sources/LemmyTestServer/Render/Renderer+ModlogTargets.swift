import LemmyAPI

extension Renderer {
    /// Fills the targets of a 1.0 modlog entry: those ``Database/modlogTargets(of:dialect:)``
    /// names, rendered.
    func addTargets(of entry: ModlogRecord, to view: inout ApiModlogView) {
        let targets = db.modlogTargets(of: entry, dialect: .v1_0)
        view.targetPerson = targets.person.map(person)
        view.targetCommunity = targets.community.map(community)
        view.targetPost = targets.post.map(post)
        view.targetComment = targets.comment.map(comment)
        view.targetInstance = targets.instance.map(instance)
    }
}
