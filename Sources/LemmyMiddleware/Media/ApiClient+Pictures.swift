public import Foundation
internal import LemmyAPI

/// Setting and clearing the account's, a community's and the site's pictures.
///
/// Lemmy 1.0 sets them by upload (`POST /account/avatar`, `/community/icon?id=`, ...) and clears
/// them with the matching `DELETE`; 0.18 and 0.19 upload to pict-rs and then store the image's
/// URL with SaveUserSettings or EditCommunity. Either way the models show the server's state
/// afterwards: the account, community or site is read again.
extension ApiClient {
    /// Uploads `data` and makes it the picture in `slot`, returning the upload.
    ///
    /// On Lemmy 1.0 the server stores the picture with the upload and deletes the old one; an old
    /// picture pict-rs does not have (one from another host) makes it answer Lemmy's `unknown`
    /// after keeping the upload, and the slot keeps the old picture. On 0.18 and 0.19 the image is
    /// uploaded to pict-rs and then stored with SaveUserSettings or EditCommunity; when the server
    /// refuses that second step the upload is deleted again, and when its answer is lost the
    /// upload is kept, as the server may have stored it, and the owner is read again. The site's
    /// pictures can be set only on 1.0: before, the call fails with
    /// ``ApiClientError/Kind/unavailableInVersion`` without sending anything.
    ///
    /// The account, community or site is read again afterwards, so its models show what the
    /// server stored; if that read fails, its error is thrown although the picture was set.
    ///
    /// - Parameters:
    ///   - slot: Which picture.
    ///   - data: The image file's bytes.
    ///   - filename: The file's name as sent.
    ///   - mimeType: The file's type, e.g. `image/png`.
    ///   - progress: Called on the main actor as the image goes out; see ``ImageUploadProgress``.
    @discardableResult
    public func setImage(
        _ slot: ImageSlot, data: Data, filename: String = "image.jpg", mimeType: String = "image/jpeg",
        progress: ((ImageUploadProgress) -> Void)? = nil
    ) async throws(ApiClientError) -> UploadedImage {
        try checkPermission(mutation: true)
        try requireAccount()
        let version = try await version()
        if version.generation == .v4 {
            let image = try await upload(data, to: slot.uploadTarget, filename: filename, mimeType: mimeType, progress: progress)
            try await reread(slot)
            return image
        }
        try Self.requireStoredByURL(slot)
        let image = try await upload(data, to: .image, filename: filename, mimeType: mimeType, progress: progress)
        try await storeSettling(image.url.absoluteString, in: slot) { () async throws(ApiClientError) in
            try await self.sendImageDeletion(image.filename, deleteToken: image.deleteToken)
        }
        return image
    }

    /// Clears the picture in `slot` (the server deletes the image on 1.0).
    ///
    /// Lemmy 1.0's route for a community's banner clears the community's icon instead
    /// (`delete_community_banner` in `routes/src/images/delete.rs`), so removing
    /// ``ImageSlot/communityBanner(communityId:)`` fails there with
    /// ``ApiClientError/Kind/unavailableInVersion`` without sending anything; setting a new banner
    /// works. The site's pictures can be cleared only on 1.0. The account, community or site is
    /// read again afterwards, as for ``setImage(_:data:filename:mimeType:progress:)``.
    public func removeImage(_ slot: ImageSlot) async throws(ApiClientError) {
        try checkPermission(mutation: true)
        try requireAccount()
        let version = try await version()
        guard version.generation == .v4 else {
            try Self.requireStoredByURL(slot)
            try await storeSettling("", in: slot)
            return
        }
        switch slot {
        case .avatar: _ = try await send(LemmyV4.DeleteUserAvatar(), mutation: true)
        case .accountBanner: _ = try await send(LemmyV4.DeleteUserBanner(), mutation: true)
        case .communityIcon(let id): _ = try await send(LemmyV4.DeleteCommunityIcon(ApiCommunityIdQuery(id: id)), mutation: true)
        case .communityBanner:
            throw .unavailableInVersion("removing a community's banner: Lemmy 1.0's route clears the icon instead")
        case .siteIcon: _ = try await send(LemmyV4.DeleteSiteIcon(), mutation: true)
        case .siteBanner: _ = try await send(LemmyV4.DeleteSiteBanner(), mutation: true)
        }
        try await reread(slot)
    }

    /// Refuses the site's pictures before 1.0: 0.18 and 0.19 store them with EditSite, which this
    /// client does not send.
    private static func requireStoredByURL(_ slot: ImageSlot) throws(ApiClientError) {
        if slot == .siteIcon || slot == .siteBanner {
            throw .unavailableInVersion("setting the site's pictures (Lemmy 1.0 and later)")
        }
    }

    /// ``store(_:in:)``, then on a refusal `undo` (best effort), or on a lost answer a read of the
    /// slot's owner (best effort), so that the models show what the server has; the store's error
    /// is thrown either way.
    private func storeSettling(
        _ url: String, in slot: ImageSlot, undo: (() async throws(ApiClientError) -> Void)? = nil
    ) async throws(ApiClientError) {
        do {
            try await store(url, in: slot)
        } catch {
            if error.mayHaveReachedServer {
                try? await reread(slot)
            } else if error.kind != .cancelled {
                try? await undo?()
            }
            throw error
        }
    }

    /// Stores `url` (empty: none) as the picture in `slot` on 0.18 or 0.19, where pictures are
    /// URLs in SaveUserSettings and EditCommunity; the answer, or a read after it, updates the models.
    private func store(_ url: String, in slot: ImageSlot) async throws(ApiClientError) {
        if let communityId = slot.communityId {
            var form = ApiEditCommunity(communityId: communityId)
            if case .communityIcon = slot { form.icon = url } else { form.banner = url }
            _ = community2(try await send(LemmyV3.EditCommunity(form), mutation: true).communityView)
            return
        }
        guard let account else { throw .notLoggedIn }
        if account.settings == nil { try await loadAccount() }
        guard var settings = account.settings else { throw .decoding("the server sent no account settings") }
        let picture = url.isEmpty ? nil : URL(string: url)
        if slot == .avatar { settings.avatar = picture } else { settings.banner = picture }
        try await saveSettings(settings)
    }

    /// Reads the owner of `slot` again.
    private func reread(_ slot: ImageSlot) async throws(ApiClientError) {
        switch slot {
        case .avatar, .accountBanner: _ = try await reloadMyUser()
        case .communityIcon(let id), .communityBanner(let id): _ = try await getCommunity(id: id)
        case .siteIcon, .siteBanner: _ = try await getSite()
        }
    }
}
