public import Foundation
internal import LemmyAPI

/// Setting and clearing the account's, a community's and the site's pictures.
///
/// Lemmy 1.0 sets them by upload (`POST /account/avatar`, `/community/icon?id=`, ...) and clears
/// them with the matching `DELETE`; 0.18 and 0.19 upload to pict-rs and then store the image's
/// URL with SaveUserSettings or EditCommunity. Afterwards the owner (the account, community or
/// site) is read again, so that its models show what the server stored; when a request's answer
/// is lost, the owner is read too before the error is thrown.
extension ApiClient {
    /// Uploads `data` and makes it the picture in `slot`.
    ///
    /// On Lemmy 1.0 the server stores the picture with the upload and deletes the old one. Its
    /// picture limits refuse animations (any GIF, an animated PNG or WebP) with
    /// `pictrs_invalid_image_upload`. An old picture that pict-rs does not have (one from another
    /// host) makes it answer Lemmy's `unknown` after keeping the upload, and the slot keeps the
    /// old picture.
    ///
    /// On 0.18 and 0.19 the image is uploaded to pict-rs and then stored with SaveUserSettings or
    /// EditCommunity (0.19 then deletes the replaced picture if the account uploaded it). When
    /// the server refuses that second request the upload is deleted again; when its answer is
    /// lost the upload is kept, as the server may have stored it. The site's pictures can be set
    /// only on 1.0: before, the call fails with ``ApiClientError/Kind/unavailableInVersion``
    /// without sending the image.
    ///
    /// The owner is read again afterwards. If only that read fails, the call still succeeds (the
    /// picture is set) and the owner's models show the new picture at its next read.
    ///
    /// - Parameters:
    ///   - slot: Which picture.
    ///   - data: The image file's bytes.
    ///   - filename: The file's name as sent.
    ///   - mimeType: The file's type, e.g. `image/png`.
    ///   - progress: Called on the main actor as the image goes out; see ``ImageUploadProgress``.
    /// - Returns: The upload, whose ``UploadedImage/url`` is the picture's address.
    @discardableResult
    public func setImage(
        _ slot: ImageSlot, data: Data, filename: String = "image.jpg", mimeType: String = "image/jpeg",
        progress: ((ImageUploadProgress) -> Void)? = nil
    ) async throws(ApiClientError) -> UploadedImage {
        try checkPermission(mutation: true)
        try requireAccount()
        let version = try await version()
        let image: UploadedImage
        if version.generation == .v4 {
            image = try await settling(slot) { () async throws(ApiClientError) in
                try await self.upload(data, to: slot.uploadTarget, filename: filename, mimeType: mimeType, progress: progress)
            }
        } else {
            try Self.requireStoredByURL(slot)
            image = try await upload(data, to: .image, filename: filename, mimeType: mimeType, progress: progress)
            try await store(image.url.absoluteString, in: slot, version: version) { () async throws(ApiClientError) in
                try await self.sendImageDeletion(image.filename, deleteToken: image.deleteToken)
            }
        }
        try? await reread(slot)
        return image
    }

    /// Clears the picture in `slot`; Lemmy 1.0 deletes the image, and 0.19 deletes it if the
    /// account uploaded it.
    ///
    /// Lemmy 1.0's route for a community's banner clears the community's icon instead
    /// (`delete_community_banner` in `routes/src/images/delete.rs`), so removing
    /// ``ImageSlot/communityBanner(communityId:)`` fails there with
    /// ``ApiClientError/Kind/unavailableInVersion`` without asking for it; setting a new banner
    /// works. The site's pictures can be cleared only on 1.0. The owner is read again afterwards,
    /// as for ``setImage(_:data:filename:mimeType:progress:)``.
    ///
    /// - Parameter slot: Which picture.
    public func removeImage(_ slot: ImageSlot) async throws(ApiClientError) {
        try checkPermission(mutation: true)
        try requireAccount()
        let version = try await version()
        if version.generation == .v4 {
            try await settling(slot) { () async throws(ApiClientError) in try await self.sendRemoval(slot) }
        } else {
            try Self.requireStoredByURL(slot)
            try await store("", in: slot, version: version)
        }
        try? await reread(slot)
    }

    /// 1.0's `DELETE` for `slot`; the community's banner is refused unsent (see ``removeImage(_:)``).
    private func sendRemoval(_ slot: ImageSlot) async throws(ApiClientError) {
        switch slot {
        case .avatar: _ = try await send(LemmyV4.DeleteUserAvatar(), mutation: true)
        case .accountBanner: _ = try await send(LemmyV4.DeleteUserBanner(), mutation: true)
        case .communityIcon(let id): _ = try await send(LemmyV4.DeleteCommunityIcon(ApiCommunityIdQuery(id: id)), mutation: true)
        case .communityBanner: throw .unavailableInVersion("removing a community's banner: Lemmy 1.0's route clears the icon instead")
        case .siteIcon: _ = try await send(LemmyV4.DeleteSiteIcon(), mutation: true)
        case .siteBanner: _ = try await send(LemmyV4.DeleteSiteBanner(), mutation: true)
        }
    }

    /// Refuses the site's pictures before 1.0: 0.18 and 0.19 store them with EditSite, which this
    /// client does not send.
    private static func requireStoredByURL(_ slot: ImageSlot) throws(ApiClientError) {
        if slot == .siteIcon || slot == .siteBanner {
            throw .unavailableInVersion("setting the site's pictures (Lemmy 1.0 and later)")
        }
    }

    /// Runs `change`; when it fails in a way that may have reached the server (a lost or
    /// unreadable answer), reads the owner of `slot` again (best effort) before throwing, so the
    /// models show what the server has.
    @discardableResult
    private func settling<T>(_ slot: ImageSlot, _ change: () async throws(ApiClientError) -> T) async throws(ApiClientError) -> T {
        do {
            return try await change()
        } catch {
            if error.mayHaveReachedServer { try? await reread(slot) }
            throw error
        }
    }

    /// Stores `url` (empty: none) as the picture in `slot` on 0.18 or 0.19, where pictures are
    /// URLs in SaveUserSettings and EditCommunity. When the server refuses, `undo` runs (best
    /// effort) before the refusal is thrown; a lost answer is settled as ``settling(_:_:)`` does.
    private func store(
        _ url: String, in slot: ImageSlot, version: LemmyServerVersion,
        undo: (() async throws(ApiClientError) -> Void)? = nil
    ) async throws(ApiClientError) {
        do {
            try await settling(slot) { () async throws(ApiClientError) in
                if let communityId = slot.communityId {
                    var form = ApiEditCommunity(communityId: communityId)
                    if case .communityIcon = slot { form.icon = url } else { form.banner = url }
                    _ = self.community2(try await self.send(LemmyV3.EditCommunity(form), mutation: true).communityView)
                } else {
                    var form = ApiSaveUserSettings()
                    if slot == .avatar { form.avatar = url } else { form.banner = url }
                    try await self.sendSettings(form, version: version)
                }
            }
        } catch {
            if !error.mayHaveReachedServer && error.kind != .cancelled { try? await undo?() }
            throw error
        }
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
