import Testing
@testable import DropWindow

/// `ThumbnailCache`'s bookkeeping for lazy thumbnails: which portraits a draw asks the worker for, once each, and
/// what a result made at another size does. Cairo image surfaces only: no X server.
@Suite struct ThumbnailCacheTests {
    private func thumbnail(_ size: Int) -> Thumbnail {
        Thumbnail(size: size, pixels: [UInt8](repeating: 0x80, count: size * size * 4))
    }

    @Test func aPortraitIsAskedForOnceUntilItsThumbnailComesBack() {
        let cache = ThumbnailCache(pixelSize: 48)
        #expect(cache.request(["a", "b", "a"]) == ["a", "b"])
        #expect(cache.pending == ["a", "b"])
        // Draws before the worker answers ask for nothing again.
        #expect(cache.request(["a", "b"]).isEmpty)
        cache.store(thumbnail(48), sha256: "a")
        cache.store(nil, sha256: "b")
        #expect(cache.pending.isEmpty)
        #expect(cache.surface(sha256: "a") != nil)
        #expect(cache.known == ["a", "b"])
        // Made, or known to be impossible: never asked for again.
        #expect(cache.request(["a", "b", "c"]) == ["c"])
    }

    @Test func aThumbnailOfAnotherSizeIsDroppedAndTheRequestAtTheNewSizeStaysPending() {
        let cache = ThumbnailCache(pixelSize: 48)
        #expect(cache.request(["a"]) == ["a"])
        cache.reset(pixelSize: 96)
        #expect(cache.pending.isEmpty)
        #expect(cache.request(["a"]) == ["a"])
        cache.store(thumbnail(48), sha256: "a") // asked for before the scale changed
        #expect(cache.surface(sha256: "a") == nil)
        #expect(cache.pending == ["a"])
        #expect(cache.request(["a"]).isEmpty)
        cache.store(thumbnail(96), sha256: "a")
        #expect(cache.surface(sha256: "a") != nil)
        #expect(cache.pending.isEmpty)
    }

    @Test func portraitsNoLongerShownAreForgottenPendingOnesToo() {
        let cache = ThumbnailCache(pixelSize: 48)
        _ = cache.request(["a", "b", "c"])
        cache.store(thumbnail(48), sha256: "a")
        cache.store(nil, sha256: "b")
        cache.keep(only: ["x"])
        #expect(cache.known.isEmpty)
        #expect(cache.pending.isEmpty)
        #expect(cache.request(["a", "b", "c"]) == ["a", "b", "c"])
    }
}
