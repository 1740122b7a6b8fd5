import HeroBase
/// What a thread other than the worker needs to write a portrait's file before the portrait is stored: the
/// store's portrait folder, and the size from which portraits are kept in files. A value any thread may hold
/// (`FavoritesStore.portraitStaging`); the store takes the file it leads to (`StagedFile`) like one it staged itself.
public struct PortraitStaging: Sendable {
    let files: PortraitFiles
    /// A portrait of more bytes than this is kept in a file; smaller ones stay in their row.
    public let inlineBytes: Int

    /// A new file, with no name yet, for a portrait of more than `inlineBytes`; nil when it cannot be made, which costs
    /// nothing but the overlap: the store writes the file itself when it stores the portrait (and says why if it
    /// cannot).
    public func start() -> PortraitFileWriter? {
        PortraitFileWriter(files: files)
    }
}
