import CCrypto
import FoundationEssentials

/// SHA-256 through OpenSSL's libcrypto (with `SHA256Stream`, the only Swift files that call it).
public enum SHA256 {
    /// Lower-case hex digest of `data`.
    public static func hex(_ data: Data) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = data.withUnsafeBytes { raw in
            EVP_Digest(raw.baseAddress, raw.count, &digest, &length, EVP_sha256(), nil)
        }
        precondition(ok == 1, "EVP_Digest(SHA-256) failed") // only on allocation failure inside OpenSSL
        return hex(digest: digest.prefix(Int(length)))
    }

    /// Lower-case hex of a digest's bytes.
    static func hex(digest: ArraySlice<UInt8>) -> String {
        digest.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
