import Foundation
import HTTPTypes
import Hummingbird

extension HTTPBinRoutes {
    /// `/etag/<etag>` and `/cache`: conditional requests.
    static func addCachingRoutes(to router: Router<HTTPBinContext>) {
        router.get("/etag/:etag") { request, context in
            let etag = try context.parameters.require("etag")
            let quoted = "\"\(etag)\""
            let ifNoneMatch = entityTags(request.headers[.ifNoneMatch])
            let ifMatch = entityTags(request.headers[.ifMatch])
            if !ifNoneMatch.isEmpty {
                if ifNoneMatch.contains(etag) || ifNoneMatch.contains("*") {
                    return Response(status: .notModified, headers: [.eTag: quoted])
                }
            } else if !ifMatch.isEmpty, !ifMatch.contains(etag), !ifMatch.contains("*") {
                return Response(status: .preconditionFailed)
            }
            return try await Echo.of(request, context: context, readingBody: false)
                .response(["url", "args", "headers", "origin"], headers: [.eTag: quoted])
        }
        router.get("/cache") { request, context in
            if request.headers[.ifModifiedSince] != nil || request.headers[.ifNoneMatch] != nil {
                return Response(status: .notModified)
            }
            let headers: HTTPFields = [
                .lastModified: httpDate(Date()),
                .eTag: UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased(),
            ]
            return try await Echo.of(request, context: context, readingBody: false).response(
                ["url", "args", "headers", "origin"], headers: headers)
        }
    }

    /// An IMF-fixdate (RFC 9110 §5.6.7), as `Last-Modified` wants.
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    /// The tags of an `If-None-Match`/`If-Match` list, without quotes or the weak prefix.
    static func entityTags(_ header: String?) -> Set<String> {
        guard let header else { return [] }
        return Set(
            header.split(separator: ",").map { tag in
                var tag = tag.trimmingCharacters(in: .whitespaces)
                if tag.hasPrefix("W/") { tag.removeFirst(2) }
                return tag.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            })
    }
}
