import AsyncHTTPClient
internal import Locking
import NIOCore
import NIOHTTP1

/// AsyncHTTPClient's `ResponseAccumulator`, which collects the body up to a size limit, plus a
/// timer on the wait for the response head: the request's idle timeout, which AsyncHTTPClient
/// only has per client.
final class HeadTimingAccumulator: HTTPClientResponseDelegate {
    typealias Response = HTTPClient.Response

    private let accumulator: ResponseAccumulator
    private let headArrived = Locked(false)

    init(accumulator: ResponseAccumulator) {
        self.accumulator = accumulator
    }

    /// Fails `task` with a read timeout unless the head has arrived within `timeout`.
    func failWithoutHead(_ task: HTTPClient.Task<Response>, after timeout: TimeAmount) {
        let timer = task.eventLoop.scheduleTask(in: timeout) { [headArrived] in
            if !headArrived.withLock({ $0 }) { task.fail(reason: HTTPClientError.readTimeout) }
        }
        task.futureResult.whenComplete { _ in timer.cancel() }
    }

    func didVisitURL(task: HTTPClient.Task<Response>, _ request: HTTPClient.Request, _ head: HTTPResponseHead) {
        accumulator.didVisitURL(task: task, request, head)
    }

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        headArrived.withLock { $0 = true }
        return accumulator.didReceiveHead(task: task, head)
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        accumulator.didReceiveBodyPart(task: task, buffer)
    }

    func didReceiveError(task: HTTPClient.Task<Response>, _ error: any Error) {
        accumulator.didReceiveError(task: task, error)
    }

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> Response {
        try accumulator.didFinishRequest(task: task)
    }
}
