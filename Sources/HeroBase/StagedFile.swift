#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A file that already holds an image's bytes, written and synced while the image was still being checked, that a
/// store may take instead of writing the bytes again (`FavoritesStore.stagePortraitFile` makes one). Deleted when
/// the last reference goes, unless it was taken: a refused image leaves nothing behind.
public final class StagedFile: Sendable, Equatable {
    public let path: String
    public let byteCount: Int
    private let taken = Mutex(false)

    public init(path: String, byteCount: Int) {
        self.path = path
        self.byteCount = byteCount
    }

    /// Claims the file, once: from then on it is the caller's to rename or delete. Nil when already taken.
    public func take() -> String? {
        taken.withLock { taken in
            defer { taken = true }
            return taken ? nil : path
        }
    }

    deinit {
        if !taken.withLock({ $0 }) { unlink(path) }
    }

    /// The same file, not merely the same bytes.
    public static func == (a: StagedFile, b: StagedFile) -> Bool { a === b }
}
