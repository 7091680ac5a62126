import Crypto
public import Foundation

/// RFC 6238 time-based one-time passwords as Lemmy checks them (totp-rs: HMAC-SHA1, 6 digits,
/// 30-second steps, one step of skew either way).
public enum TOTP {
    /// The secret of the seeded two-factor account (``LemmyTestServer/twoFactorUsername``): RFC
    /// 6238's SHA-1 test key, the ASCII bytes of `12345678901234567890`.
    public static let seededSecret = Array("12345678901234567890".utf8)

    /// The code for `date` (RFC 4226 dynamic truncation of the HMAC of the step counter).
    public static func code(secret: [UInt8], at date: Date, digits: Int = 6) -> String {
        let counter = UInt64(max(0, date.timeIntervalSince1970) / 30)
        return code(secret: secret, counter: counter, digits: digits)
    }

    static func code(secret: [UInt8], counter: UInt64, digits: Int) -> String {
        let message = withUnsafeBytes(of: counter.bigEndian) { Data($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
        let offset = Int(mac[mac.count - 1] & 0x0f)
        let binary =
            (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16)
            | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let value = String(binary % modulus)
        return String(repeating: "0", count: max(0, digits - value.count)) + value
    }

    /// Whether `token` is the code of the step of `date` or of the step before or after it.
    static func check(_ token: String, secret: [UInt8], at date: Date) -> Bool {
        let counter = Int64(max(0, date.timeIntervalSince1970) / 30)
        return (counter - 1...counter + 1).contains { step in
            step >= 0 && code(secret: secret, counter: UInt64(step), digits: 6) == token
        }
    }
}
