import LemmyAPI

extension Renderer {
    func site() -> ApiSite {
        ApiSite(
            id: 1, name: db.site.name, sidebar: db.site.sidebar, publishedAt: date(db.siteCreated),
            updatedAt: db.site.updated.map(date), icon: db.site.icon, banner: db.site.banner,
            // Both spellings: the dialect's encoder writes the one its version has.
            summary: db.site.description,
            apId: "\(base)/", lastRefreshedAt: date(db.siteCreated), inboxUrl: "\(base)/site_inbox", instanceId: 1,
            contentWarning: v018 ? nil : db.site.contentWarning,
            description: db.site.description, publicKey: "-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----\n")
    }

    /// EditSite's answer: the site view as GetSite shows it, and 0.18/0.19's taglines.
    func siteResponse() -> ApiSiteResponse {
        ApiSiteResponse(siteView: siteView(), taglines: v10 ? nil : taglines())
    }

    /// Every tagline, oldest first (0.18/0.19 list them with the site).
    func taglines() -> [ApiTagline] { db.site.taglines.map(tagline) }

    /// One tagline as the API shows it.
    func tagline(_ record: TaglineRecord) -> ApiTagline {
        ApiTagline(
            id: record.id, content: record.content, publishedAt: date(record.published), updatedAt: record.updated.map(date),
            localSiteId: 1)
    }

    /// The site view GetSite and EditSite answer.
    func siteView() -> ApiSiteView {
        let created = date(db.siteCreated)
        let defaultSort: ApiPostSortType? = v10 ? .hot : nil
        var localSite = ApiLocalSite(
            id: 1, siteId: 1, siteSetup: true, communityCreationAdminOnly: db.site.communityCreationAdminOnly,
            privateInstance: db.site.privateInstance, defaultTheme: "browser",
            defaultPostListingType: ApiListingType(wireValue: db.site.defaultPostListingType),
            applicationEmailAdmins: false, federationEnabled: db.site.federationEnabled, publishedAt: created,
            registrationMode: ApiRegistrationMode(wireValue: db.site.registrationMode),
            reportsEmailAdmins: false)
        localSite.federationSignedFetch = v018 ? nil : false
        localSite.defaultPostListingMode = v018 ? nil : .list
        localSite.defaultPostSortType = defaultSort
        localSite.defaultSortType = v10 ? nil : (dialect == .v0_19 ? .active : nil)
        localSite.defaultCommentSortType = v10 ? .hot : nil
        localSite.emailVerificationRequired = db.site.requireEmailVerification
        localSite.applicationQuestion = db.site.applicationQuestion
        localSite.legalInformation = db.site.legalInformation
        localSite.slurFilterRegex = db.site.slurFilterRegex
        localSite.updatedAt = db.site.updated.map(date)
        if !v10 {
            localSite.enableDownvotes = true
            localSite.enableNsfw = true
            localSite.requireEmailVerification = db.site.requireEmailVerification
            localSite.hideModlogModNames = true
            localSite.actorNameMaxLength = 20
            localSite.captchaEnabled = db.site.captchaEnabled
            localSite.captchaDifficulty = "medium"
        } else {
            localSite.users = db.persons.count
            localSite.posts = db.posts.count
            localSite.comments = db.comments.count
            localSite.communities = db.communities.count
            localSite.usersActiveDay = db.persons.count / 10
            localSite.usersActiveWeek = db.persons.count / 4
            localSite.usersActiveMonth = db.persons.count / 2
            localSite.usersActiveHalfYear = db.persons.count
            localSite.postUpvotes = .all
            localSite.postDownvotes = .all
            localSite.commentUpvotes = .all
            localSite.commentDownvotes = .all
            localSite.disallowNSFWContentIfPresent()
            localSite.oauthRegistration = false
            localSite.defaultItemsPerPage = 20
            localSite.imageMode = .storeLinkPreviews
            localSite.imageProxyBypassDomains = nil
            localSite.emailNotificationsDisabled = true
            localSite.imageUploadTimeoutSeconds = 30
            localSite.imageMaxThumbnailSize = 512
            localSite.imageMaxAvatarSize = 512
            localSite.imageMaxBannerSize = 1024
            localSite.imageMaxUploadSize = 1024
            localSite.imageAllowVideoUploads = false
            localSite.imageUploadDisabled = false
            localSite.maxInvitesPerUserAllowed = 0
        }
        // Both generations' members are set; the dialect's versioned encoder writes only the
        // ones its version has (0.18/0.19 `message`/`message_per_second`, 1.0 `*_max_requests`).
        var rateLimit = ApiLocalSiteRateLimit(localSiteId: 1, publishedAt: created)
        rateLimit.id = 1
        rateLimit.message = 180
        rateLimit.messagePerSecond = 60
        rateLimit.post = 6
        rateLimit.postPerSecond = 600
        rateLimit.register = 3
        rateLimit.registerPerSecond = 3600
        rateLimit.image = 6
        rateLimit.imagePerSecond = 3600
        rateLimit.comment = 6
        rateLimit.commentPerSecond = 600
        rateLimit.search = 60
        rateLimit.searchPerSecond = 600
        rateLimit.importUserSettings = 1
        rateLimit.importUserSettingsPerSecond = 86_400
        rateLimit.messageMaxRequests = 180
        rateLimit.messageIntervalSeconds = 60
        rateLimit.postMaxRequests = 6
        rateLimit.postIntervalSeconds = 600
        rateLimit.registerMaxRequests = 3
        rateLimit.registerIntervalSeconds = 3600
        rateLimit.imageMaxRequests = 6
        rateLimit.imageIntervalSeconds = 3600
        rateLimit.commentMaxRequests = 6
        rateLimit.commentIntervalSeconds = 600
        rateLimit.searchMaxRequests = 60
        rateLimit.searchIntervalSeconds = 600
        rateLimit.importUserSettingsMaxRequests = 1
        rateLimit.importUserSettingsIntervalSeconds = 86_400
        if v018 { localSite.federationWorkerCount = nil }
        var counts: ApiSiteAggregates? =
            v10
            ? nil
            : ApiSiteAggregates(
                siteId: 1, users: db.persons.count, posts: db.posts.count, comments: db.comments.count,
                communities: db.communities.count, usersActiveDay: db.persons.count / 10, usersActiveWeek: db.persons.count / 4,
                usersActiveMonth: db.persons.count / 2, usersActiveHalfYear: db.persons.count)
        counts?.id = 1
        return ApiSiteView(
            site: site(), localSite: localSite, localSiteRateLimit: rateLimit,
            instance: v10
                ? ApiInstance(
                    id: 1, domain: host, publishedAt: created, software: "lemmy",
                    version: dialect.versionString) : nil,
            counts: counts)
    }

    func getSiteResponse() -> ApiGetSiteResponse {
        let siteView = siteView()
        // 1.0 lists them without a viewer (`list_admins(None, …)`): no `person_actions`.
        let admins = db.listedAdminIds(dialect: dialect).map { id in
            var view = personView(id)
            view.personActions = nil
            return view
        }
        var response = ApiGetSiteResponse(
            siteView: siteView, admins: admins, version: dialect.versionString,
            allLanguages: [
                ApiLanguage(id: 0, code: "und", name: "Undetermined"),
                ApiLanguage(id: 37, code: "en", name: "English"),
            ],
            discussionLanguages: [0, 37])
        if v10 {
            // Lemmy picks one at random (`Tagline::get_random`); the newest is one it may pick.
            response.tagline = db.site.taglines.last.map(tagline)
        } else {
            response.taglines = taglines()
        }
        response.customEmojis = v10 ? nil : customEmojiViews()
        if !v018 {
            response.blockedUrls = []
            response.oauthProviders = []
            response.adminOauthProviders = []
        }
        if v10 {
            response.activePlugins = []
            response.captchaEnabled = db.site.captchaEnabled
        } else {
            response.myUser = myUser()
        }
        return response
    }

    /// The `local_user` row of `personId` (ids of local users equal their person's), as its owner
    /// and the site's admins see it.
    func localUser(_ personId: Int) -> ApiLocalUser? {
        guard let person = db.person(personId) else { return nil }
        let settings = person.settings
        var localUser = ApiLocalUser(
            id: personId, personId: personId, email: person.emailAddress.isEmpty ? nil : person.emailAddress, showNsfw: person.showNSFW,
            theme: "browser", defaultListingType: ApiListingType(wireValue: settings.defaultListing),
            interfaceLanguage: "browser", showAvatars: true, sendNotificationsToEmail: false,
            showBotAccounts: settings.showBotAccounts, showReadPosts: settings.showReadPosts,
            emailVerified: !person.emailUnverified, acceptedApplication: !person.applicationPending)
        localUser.openLinksInNewTab = false
        localUser.lastDonationNotificationAt = date(db.siteCreated)
        localUser.blurNsfw = settings.blurNSFW
        localUser.infiniteScrollEnabled = true
        localUser.admin = v018 ? nil : person.isAdmin
        localUser.postListingMode = v018 ? nil : .list
        localUser.totp2faEnabled = v018 ? nil : person.totpEnabled
        localUser.totp2faUrl = v018 ? person.totpURL : nil
        localUser.collapseBotComments = v018 ? nil : false
        localUser.animatedImagesEnabled = v018 ? nil : true
        if v10 {
            localUser.defaultPostSortType = ApiPostSortType(wireValue: settings.defaultSort ?? "hot")
            localUser.defaultPostTimeRangeSeconds = settings.defaultTimeRangeSeconds
            localUser.defaultCommentSortType = ApiCommentSortType(wireValue: settings.defaultCommentSort ?? "hot")
            localUser.privateMessagesEnabled = true
            localUser.autoMarkFetchedPostsAsRead = false
            localUser.hidePostsWithMedia = settings.hidePostsWithMedia
            localUser.showScore = true
            localUser.showUpvotes = true
            localUser.showDownvotes = ApiVoteShow(wireValue: settings.showDownvotes)
            localUser.showUpvotePercentage = false
            localUser.showPersonVotes = true
            localUser.defaultItemsPerPage = settings.defaultItemsPerPage
        } else {
            localUser.defaultSortType = ApiSortType(wireValue: settings.defaultSort ?? "Active")
            localUser.defaultCommentSortType = v018 ? nil : .hot
            localUser.showScores = true
            localUser.showNewPostNotifs = false
            localUser.validatorTime = date(db.siteCreated)
            localUser.enableKeyboardNavigation = false
            localUser.autoExpand = false
            localUser.enableAnimatedImages = true
        }
        localUser.showMedia = true
        return localUser
    }

    /// The logged-in user's account info (GetSite `my_user` up to 0.19; `GET /account` on 1.0).
    func myUser() -> ApiMyUserInfo? {
        guard let viewer, let person = db.person(viewer), let state else { return nil }
        let settings = person.settings
        guard let localUser = localUser(viewer) else { return nil }
        var localUserView = ApiLocalUserView(localUser: localUser, person: self.person(viewer))
        if !v10 {
            let counts = personCounts(viewer)
            localUserView.counts = ApiPersonAggregates(
                personId: viewer, postCount: counts.posts, commentCount: counts.comments,
                postScore: v018 ? 0 : nil, commentScore: v018 ? 0 : nil)
            localUserView.counts?.id = viewer
            localUserView.localUserVoteDisplayMode = ApiLocalUserVoteDisplayMode(
                localUserId: viewer, score: true, upvotes: true,
                downvotes: settings.showDownvotes != "hide",
                upvotePercentage: false)
        } else {
            localUserView.banned = db.banFlag(person, now: now)
            localUserView.banExpiresAt = siteBanExpiry(viewer)
        }
        let follows = db.listedFollows(of: viewer, dialect: dialect).map {
            ApiCommunityFollowerView(community: community($0), follower: self.person(viewer))
        }
        let moderates = db.communities.filter { $0.moderators.contains(viewer) }.map {
            ApiCommunityModeratorView(community: community($0.id), moderator: self.person(viewer))
        }
        var info = ApiMyUserInfo(
            localUserView: localUserView, follows: follows, moderates: moderates,
            communityBlocks: state.blockedCommunities.keys.sorted().map { id in
                // 1.0 lists the communities; earlier versions a block view of the viewer and each.
                v10
                    ? .community(community(id))
                    : .communityBlockView(ApiCommunityBlockView(person: self.person(viewer), community: community(id)))
            },
            personBlocks: state.blockedPersons.keys.sorted().map { id in
                v10 ? .person(self.person(id)) : .personBlockView(ApiPersonBlockView(person: self.person(viewer), target: self.person(id)))
            },
            // 0.18 and 0.19 read every language back as none (`convert_read_languages`).
            discussionLanguages: !v10 && settings.discussionLanguages == Database.siteLanguages ? [] : settings.discussionLanguages)
        if dialect == .v0_19 {
            info.instanceBlocks = state.blockedInstances.keys.sorted().map {
                ApiInstanceBlockView(person: self.person(viewer), instance: instance($0))
            }
        }
        if v10 {
            // `MultiCommunityQuery` with Subscribed and NameAsc, no limit (`my_user.rs`): pending
            // follows and deleted multi-communities too.
            info.multiCommunityFollows = multiCommunityViews(ApiListMultiCommunities(type: .subscribed, sort: .nameAsc))
            info.instanceCommunitiesBlocks = state.blockedInstances.keys.sorted().map(instance)
            info.instancePersonsBlocks = state.blockedInstancePersons.keys.sorted().map(instance)
            info.keywordBlocks = []
        }
        return info
    }
}

extension ApiLocalSite {
    /// 1.0's `disallow_nsfw_content`/`nsfw_content_disallowed`: off.
    fileprivate mutating func disallowNSFWContentIfPresent() { nsfwContentDisallowed = false }
}

extension Renderer {
    /// One of ``Database/instanceDomains``. Of one an admin's block or allow named first Lemmy
    /// knows its domain alone, and when.
    func instance(_ id: Int) -> ApiInstance {
        let domain = db.instanceDomains[id] ?? "unknown.example"
        if let discovered = db.federation.discovered[id] {
            // `read_or_create` writes `updated_at` with the row.
            return ApiInstance(id: id, domain: domain, publishedAt: date(discovered), updatedAt: date(discovered))
        }
        return ApiInstance(id: id, domain: domain, publishedAt: date(db.siteCreated), software: "lemmy", version: dialect.versionString)
    }

    /// 1.0's view of a peer, as GetFederatedInstances lists it and the admins' block and allow
    /// answer it: its place on the blocklist (with its end) or the allowlist.
    func federatedInstanceView(_ id: Int, now: Double) -> ApiFederatedInstanceView {
        let blocked = db.federation.blocked[id].flatMap { block in
            block.holds(at: now) ? ApiFederationBlockList(publishedAt: date(block.published), expiresAt: date(block.expires)) : nil
        }
        // An instance never federated with has no queue state (the view's left join finds none).
        let queue = db.federation.discovered[id] == nil ? ApiFederationQueueState(instanceId: id, failCount: 0) : nil
        return ApiFederatedInstanceView(
            instance: instance(id), queueState: queue, blocked: blocked,
            allowed: db.federation.allowed[id].map { ApiFederationAllowList(publishedAt: date($0)) })
    }
}
