import CCrypto
import FoundationEssentials

/// SHA-256 over bytes that arrive in pieces (an INCR transfer, hashed on the worker while the next chunk comes),
/// through OpenSSL's libcrypto like `SHA256`. Not thread-safe: one thread feeds it.
public final class SHA256Stream {
    private let context: OpaquePointer
    /// Bytes hashed so far.
    public private(set) var count = 0

    public init() {
        // Only allocation failure inside OpenSSL makes these fail.
        guard let context = EVP_MD_CTX_new() else { fatalError("EVP_MD_CTX_new failed") }
        precondition(EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1, "EVP_DigestInit_ex(SHA-256) failed")
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        precondition(EVP_DigestUpdate(context, base, bytes.count) == 1, "EVP_DigestUpdate failed")
        count += bytes.count
    }

    /// The lower-case hex digest of everything fed; the stream takes no more after it.
    public func finish() -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        precondition(EVP_DigestFinal_ex(context, &digest, &length) == 1, "EVP_DigestFinal_ex failed")
        return SHA256.hex(digest: digest.prefix(Int(length)))
    }
}
