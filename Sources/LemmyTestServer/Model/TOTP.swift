import Crypto
public import Foundation

/// RFC 6238 time-based one-time passwords as Lemmy checks them (totp-rs: 6 digits, 30-second
/// steps, one step of skew either way; HMAC-SHA1 on 0.19 and 1.0, HMAC-SHA256 on 0.18).
public enum TOTP {
    /// The secret of the seeded two-factor account (``LemmyTestServer/twoFactorUsername``): RFC
    /// 6238's SHA-1 test key, the ASCII bytes of `12345678901234567890`.
    public static let seededSecret = Array("12345678901234567890".utf8)

    /// The HMAC a code is computed with.
    public enum Algorithm: String, Sendable {
        /// HMAC-SHA1, which Lemmy 0.19 and 1.0 use.
        case sha1 = "SHA1"
        /// HMAC-SHA256, which Lemmy 0.18 uses (its `build_totp_2fa` names `Algorithm::SHA256`).
        case sha256 = "SHA256"
    }

    /// The algorithm the Lemmy of `dialect` checks codes with.
    public static func algorithm(for dialect: LemmyDialect) -> Algorithm { dialect == .v0_18 ? .sha256 : .sha1 }

    /// The code for `date` (RFC 4226 dynamic truncation of the HMAC of the step counter).
    public static func code(secret: [UInt8], at date: Date, digits: Int = 6, algorithm: Algorithm = .sha1) -> String {
        let counter = UInt64(max(0, date.timeIntervalSince1970) / 30)
        return code(secret: secret, counter: counter, digits: digits, algorithm: algorithm)
    }

    static func code(secret: [UInt8], counter: UInt64, digits: Int, algorithm: Algorithm) -> String {
        let message = withUnsafeBytes(of: counter.bigEndian) { Data($0) }
        let key = SymmetricKey(data: secret)
        let mac: [UInt8] =
            switch algorithm {
            case .sha1: Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: key))
            case .sha256: Array(HMAC<SHA256>.authenticationCode(for: message, using: key))
            }
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
    static func check(_ token: String, secret: [UInt8], at date: Date, algorithm: Algorithm) -> Bool {
        let counter = Int64(max(0, date.timeIntervalSince1970) / 30)
        return (counter - 1...counter + 1).contains { step in
            step >= 0 && code(secret: secret, counter: UInt64(step), digits: 6, algorithm: algorithm) == token
        }
    }

    /// The secret text Lemmy stores for a new two-factor setup (totp-rs `Secret::generate_secret`,
    /// 20 random bytes, written as 40 lowercase hex digits); its key is that text's bytes.
    static func newSecretText() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<20).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }.joined()
    }

    /// The `otpauth://` URL totp-rs' `get_url` writes: the issuer and account percent-encoded
    /// (all but letters, digits and `-._~`), the key in unpadded RFC 4648 base32, the algorithm
    /// only when it is not SHA-1. Nil when the issuer or account holds a `:`, which totp-rs
    /// refuses (`TOTP::new`), so Lemmy answers `couldnt_generate_totp`.
    static func url(issuer: String, account: String, secret: [UInt8], algorithm: Algorithm) -> String? {
        guard !issuer.contains(":"), !account.contains(":") else { return nil }
        var parameters = ["secret=\(base32(secret))"]
        if algorithm != .sha1 { parameters.append("algorithm=\(algorithm.rawValue)") }
        let encodedIssuer = percentEncoded(issuer)
        parameters.append("issuer=\(encodedIssuer)")
        return "otpauth://totp/\(encodedIssuer):\(percentEncoded(account))?\(parameters.joined(separator: "&"))"
    }

    /// The code an authenticator app shows at `date` for the `otpauth://` URL of a two-factor
    /// setup (its base32 `secret` and `algorithm`), as a person would type it; nil when the URL
    /// carries no readable secret.
    public static func code(otpauthURL: String, at date: Date) -> String? {
        guard let components = URLComponents(string: otpauthURL), components.scheme == "otpauth" else { return nil }
        let items = components.queryItems ?? []
        guard let secret = items.first(where: { $0.name == "secret" })?.value.flatMap(base32Decoded) else { return nil }
        let algorithm = items.first(where: { $0.name == "algorithm" })?.value.flatMap(Algorithm.init(rawValue:)) ?? .sha1
        return code(secret: secret, at: date, algorithm: algorithm)
    }

    /// The bytes of unpadded RFC 4648 base32 text; nil for a character outside its alphabet.
    static func base32Decoded(_ text: String) -> [UInt8]? {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)
        var bytes: [UInt8] = []
        var buffer = 0
        var bits = 0
        for character in text.uppercased().utf8 where character != UInt8(ascii: "=") {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = ((buffer << 5) | value) & 0xFFFF
            bits += 5
            if bits >= 8 {
                bytes.append(UInt8((buffer >> (bits - 8)) & 0xFF))
                bits -= 8
            }
        }
        return bytes
    }

    /// RFC 4648 base32 without padding.
    static func base32(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        var text = ""
        var buffer = 0
        var bits = 0
        for byte in bytes {
            // Fewer than 5 bits wait from the byte before, so 16 bits hold all that matters.
            buffer = ((buffer << 8) | Int(byte)) & 0xFFFF
            bits += 8
            while bits >= 5 {
                text.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        if bits > 0 { text.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return text
    }

    /// The `urlencoding` crate's encoding: every byte but ASCII letters, digits and `-._~` as `%XX`.
    private static func percentEncoded(_ text: String) -> String {
        var allowed = CharacterSet(charactersIn: "-._~")
        allowed.formUnion(CharacterSet(charactersIn: "a"..."z"))
        allowed.formUnion(CharacterSet(charactersIn: "A"..."Z"))
        allowed.formUnion(CharacterSet(charactersIn: "0"..."9"))
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
