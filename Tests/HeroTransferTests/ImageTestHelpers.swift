import Foundation
import Testing
@testable import HeroTransfer

/// The reason `ImageValidator` gives for refusing `data` (nil, with a failed expectation, when it accepts it).
func refusal(_ data: Data, target: String = "image/png", limits: TransferLimits = .default) -> String? {
    let error = #expect(throws: TransferError.self) { try ImageValidator.validate(data, target: target, limits: limits) }
    return importFailure(error)?.reason
}

/// Pixel `x`,`y` of a decoded image as its bytes: blue, green, red, alpha (premultiplied).
func pixel(_ image: DecodedImage, _ x: Int, _ y: Int) -> [UInt8] {
    Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4])
}

/// Whether every channel of `a` is within `tolerance` of `b` (a lossy encoder's pixels).
func near(_ a: [UInt8], _ b: [UInt8], _ tolerance: Int) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
}

/// Little-endian bytes of an integer.
func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    (0..<(T.bitWidth / 8)).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
}
