import Locking
import Foundation
import HTTPLoading
#if os(Linux)
import Glibc

/// A one-route HTTP server on loopback over plain blocking sockets, whose body writes return only
/// once the kernel has taken the bytes: with a small send buffer, what it has written is at most
/// what the client read plus a few MiB of socket buffers. (Hummingbird queues writes in user
/// space, so its count says little about how much a client read.)
///
/// Every request gets a 200 with a close-delimited body of ``bodySize`` bytes.
final class BlockingBodyServer: Sendable {
    /// The body size: 1 GiB.
    static let bodySize = 1 << 30

    let url: URL
    private let listener: Int32
    private let written = Locked(0)

    /// Bytes of body written so far, over all requests.
    var bytesWritten: Int { written.withLock { $0 } }

    init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound, listen(socket, 8) == 0 else {
            close(socket)
            throw POSIXError(.EADDRINUSE)
        }
        listener = socket
        url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/large")!
        let written = written
        Thread.detachNewThread {
            while true {
                let connection = accept(socket, nil, nil)
                guard connection >= 0 else { return }
                Thread.detachNewThread { Self.serve(connection, counting: written) }
            }
        }
    }

    /// Stops accepting connections.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private static func serve(_ connection: Int32, counting written: Locked<Int>) {
        defer { close(connection) }
        var sendBuffer: Int32 = 64 << 10
        setsockopt(connection, SOL_SOCKET, SO_SNDBUF, &sendBuffer, socklen_t(MemoryLayout<Int32>.size))
        // Read the request head; its content does not matter.
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.suffix(4).elementsEqual([13, 10, 13, 10]) {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            request += buffer[0..<count]
        }
        let head = Array("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nConnection: close\r\n\r\n".utf8)
        guard send(connection, head, head.count, Int32(MSG_NOSIGNAL)) == head.count else { return }
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 << 10)
        var total = 0
        while total < bodySize {
            // MSG_NOSIGNAL: a client that hung up is an error here, not a SIGPIPE for the test process.
            let sent = send(connection, chunk, chunk.count, Int32(MSG_NOSIGNAL))
            guard sent > 0 else { return }
            total += sent
            written.withLock { $0 += sent }
        }
    }
}
#endif
