import LemmyAPI

extension Renderer {
    /// 1.0's view of `entry`, as GetModlog and a `mod_action` notification carry it; the
    /// moderator only when `showsNames`.
    func modlogView(_ entry: ModlogRecord, showsNames: Bool) -> ApiModlogView {
        let modlog = ApiModlog(
            id: entry.id, kind: entry.kind10, isRevert: entry.isRevert10, reason: entry.reason,
            expiresAt: date(entry.expires), publishedAt: date(entry.when), childCount: entry.childCount)
        var view = ApiModlogView(modlog: modlog, moderator: showsNames ? person(entry.moderatorId) : nil)
        addTargets(of: entry, to: &view)
        return view
    }

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
