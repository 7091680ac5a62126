import LemmyAPI

/// GetSiteMetadata (`GET /post/site_metadata`): the link preview of a URL, fetched from the
/// simulated web (``WebPage``). 0.18 answers anyone; 0.19 and 1.0 need a login.
extension APIRoutes {
    func addSiteMetadataRoutes() {
        add(LemmyV3.GetSiteMetadata.self, auth: !dialect.usesAuthField) { db, call in
            ApiGetSiteMetadataResponse(metadata: try db.web.linkMetadata(call.form.url, dialect: call.dialect))
        }
        add(LemmyV4.GetSiteMetadata.self, auth: true) { db, call in
            ApiGetSiteMetadataResponse(metadata: try db.web.linkMetadata(call.form.url, dialect: call.dialect))
        }
    }
}
