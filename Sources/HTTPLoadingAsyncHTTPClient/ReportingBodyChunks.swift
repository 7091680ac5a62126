import Foundation
import HTTPLoading
import NIOCore

/// A request body in pieces of ``HTTPLoading/UploadProgressReporter/chunkSize`` bytes for
/// AsyncHTTPClient, reporting progress as the connection takes them.
///
/// AsyncHTTPClient asks for the next piece only once it has written the one before (it waits
/// for the channel to be writable), and asks once more after the last, so each request reports
/// the pieces written so far, and the last one reports the whole body.
struct ReportingBodyChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let body: Data
    let progress: UploadProgressReporter

    struct AsyncIterator: AsyncIteratorProtocol {
        let body: Data
        let progress: UploadProgressReporter
        var offset = 0

        mutating func next() async -> ByteBuffer? {
            progress.report(bytesSent: offset)
            guard offset < body.count else { return nil }
            let end = Swift.min(offset + UploadProgressReporter.chunkSize, body.count)
            let piece = ByteBuffer(bytes: body[(body.startIndex + offset)..<(body.startIndex + end)])
            offset = end
            return piece
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(body: body, progress: progress) }
}
