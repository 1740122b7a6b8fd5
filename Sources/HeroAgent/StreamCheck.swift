import HeroCore
import HeroTransfer
import X11Bridge

/// The check of one INCR image transfer made while it arrives: on the worker, each chunk the X thread took is
/// fed to a `PNGStream` (every row decoded) and to a SHA-256, so that when the last byte comes the portrait is
/// already validated and hashed, and the ingest only stores it. Data that is no valid PNG (a JPEG, a corrupt
/// file, a limit broken) simply yields no result: the ingest then validates it in full, as before, and refuses it
/// with the usual message. Created on the X thread; used on the worker alone after that.
final class StreamCheck: @unchecked Sendable {
    let incoming: IncomingBytes
    private let png: PNGStream?
    private let hash = SHA256Stream()
    private var fed = 0

    init(incoming: IncomingBytes, limits: TransferLimits) {
        self.incoming = incoming
        png = PNGStream(limits: limits)
    }

    /// Feeds the bytes from the last feed up to `count`, which the X thread committed before handing it over.
    func feed(upTo count: Int) {
        guard let png, !png.hasFailed, count > fed else { return }
        let piece = incoming.bytes(fed..<count)
        png.feed(piece)
        hash.update(piece)
        fed = count
    }

    /// What the stream found once every byte was fed: a valid PNG to its IEND, with its size and digest; nil
    /// when it is not (then a full validation decides).
    func result() -> StreamedImage? {
        guard let png, let size = png.size, png.fed == fed, fed == hash.count, fed > 0 else { return nil }
        let address = UInt(bitPattern: incoming.bytes(0..<0).baseAddress)
        return StreamedImage(address: address, count: fed, mime: "image/png", width: size.width, height: size.height,
                             sha256: hash.finish())
    }
}
