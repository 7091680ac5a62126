import Foundation

/// A new file readable by its owner alone, for what holds secrets (the configuration's token, a
/// settings backup's email address): created at once, so that a path that cannot take it fails
/// before any work, and written later.
final class PrivateFile {
    /// The file's path.
    let path: String
    /// The open descriptor; -1 once closed.
    private var descriptor: Int32

    /// Creates `path`, which must not exist (O_EXCL) and is never a link (O_NOFOLLOW), with mode
    /// 0600 whatever the umask.
    init(creating path: String) throws(POSIXFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXFailure(errno) }
        self.path = path
        self.descriptor = descriptor
        // open's mode is masked by the umask; fchmod is not.
        guard fchmod(descriptor, 0o600) == 0 else {
            let code = errno
            remove()
            throw POSIXFailure(code)
        }
    }

    /// Writes `data`, flushes it to disk and closes the file; on a failure removes it, so that
    /// no partial file is left to block the next try.
    func write(_ data: Data) throws(POSIXFailure) {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { buffer in Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                let code = errno
                remove()
                throw POSIXFailure(code)
            }
            offset += written
        }
        // Without this a crash right after can leave an empty file behind.
        guard fsync(descriptor) == 0 else {
            let code = errno
            remove()
            throw POSIXFailure(code)
        }
        close(descriptor)
        descriptor = -1
    }

    /// Closes and removes the file, for work that failed before it was written.
    func remove() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(path)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
