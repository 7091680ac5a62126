import Foundation
import HTTPLoading
import HTTPTypes

/// The off-main-actor half of a load: send the request, classify the status, decode the body.
enum ResourceFetch {
    /// What the network said, before it is applied to a resource.
    enum Result: Sendable {
        /// New content from a 2xx response.
        case data(content: any Sendable, response: LoadResponse)
        /// A 304, or a 2xx whose body is byte-for-byte the data already held.
        case unchanged(LoadResponse)
        /// A plain request's response (no decoding).
        case response(LoadResponse)
        /// The load failed.
        case failure(ResourceError.Cause)
        /// The load was cancelled.
        case cancelled
    }

    /// How to decode: the resource's configured decoder, else the first content-type match.
    struct Decoding: Sendable {
        let configured: ContentDecoder?
        let byContentType: [ContentTypeDecoder]

        func decode(_ response: LoadResponse) throws -> any Sendable {
            if let configured { return try configured.decode(response) }
            let type = response.headerFields[.contentType]
            guard let match = byContentType.first(where: { $0.matches(type) }) else { return response.body }
            return try match.decoder.decode(response)
        }
    }

    /// Loads and decodes; `decoding == nil` makes a plain request.
    static func run(_ request: LoadRequest, loader: any HTTPLoader, decoding: Decoding?, heldBody: Data?) async -> Result {
        let response: LoadResponse
        do {
            response = try await loader.load(request)
        } catch {
            if error.isCancellation || Task.isCancelled { return .cancelled }
            if error.code == .unacceptableStatus, let failed = error.response {
                return classify(failed, decoding: decoding, heldBody: heldBody)
            }
            return .failure(.load(error))
        }
        if Task.isCancelled { return .cancelled }
        return classify(response, decoding: decoding, heldBody: heldBody)
    }

    private static func classify(_ response: LoadResponse, decoding: Decoding?, heldBody: Data?) -> Result {
        if response.status == .notModified { return decoding == nil ? .response(response) : .unchanged(response) }
        guard response.status.kind == .successful else { return .failure(.status(response)) }
        guard let decoding else { return .response(response) }
        if let heldBody, heldBody == response.body { return .unchanged(response) }
        do {
            return .data(content: try decoding.decode(response), response: response)
        } catch {
            return .failure(.decoding(String(describing: error)))
        }
    }

    /// Decodes a cached response, or `nil` when it no longer decodes.
    static func decodeCached(_ entry: CachedResponse, request: LoadRequest, decoding: Decoding) -> ResourceEntity? {
        let response = LoadResponse(request: request, status: .ok, headerFields: entry.fields, body: entry.body)
        guard let content = try? decoding.decode(response) else { return nil }
        return ResourceEntity(content: content, headerFields: entry.fields, body: entry.body, timestamp: entry.timestamp)
    }
}
