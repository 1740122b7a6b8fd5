/// Pixels of one image row as a `RowDecoder` hands them out: `count` pixels of 8-bit RGBA (straight alpha), the
/// i-th at column `x0 + i * dx` of row `y`. A whole row starts at column 0 and steps by 1; a pass of an interlaced
/// PNG (Adam7) holds every `dx`-th pixel of its rows, so that every pixel still comes once, at its place. The
/// memory is the decoder's, valid only during the call it is handed to.
struct ImageRow {
    let y: Int
    let x0: Int
    let dx: Int
    let count: Int
    let pixels: UnsafePointer<UInt8>

    init(y: Int, x0: Int = 0, dx: Int = 1, count: Int, pixels: UnsafePointer<UInt8>) {
        self.y = y
        self.x0 = x0
        self.dx = dx
        self.count = count
        self.pixels = pixels
    }
}
