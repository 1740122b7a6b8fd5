import Foundation
import Testing
@testable import X11Bridge

@Suite("Window property values")
struct PropertyValueTests {
    @Test func items32DecodesFourByteLittleEndianItems() {
        let value = PropertyValue(type: 4, format: 32, bytes: Data([1, 0, 0, 0, 0x78, 0x56, 0x34, 0x12, 0xFF, 0xFF, 0xFF, 0xFF]))
        #expect(value.items32 == [1, 0x1234_5678, 0xFFFF_FFFF])
    }

    @Test func items32IgnoresATrailingPartialItem() {
        let value = PropertyValue(type: 4, format: 32, bytes: Data([2, 0, 0, 0, 9, 9, 9]))
        #expect(value.items32 == [2])
        #expect(PropertyValue(type: 4, format: 32, bytes: Data([9, 9, 9])).items32.isEmpty)
    }

    @Test func items32IsEmptyForFormats8And16() {
        let bytes = Data([1, 0, 0, 0, 2, 0, 0, 0])
        #expect(PropertyValue(type: 31, format: 8, bytes: bytes).items32.isEmpty)
        #expect(PropertyValue(type: 31, format: 16, bytes: bytes).items32.isEmpty)
    }

    @Test func items32IsEmptyForNoBytes() {
        #expect(PropertyValue(type: 4, format: 32, bytes: Data()).items32.isEmpty)
    }

    @Test func items32DecodesADataSliceThatDoesNotStartAtZero() {
        let whole = Data([0xAA, 0xBB, 3, 0, 0, 0, 4, 0, 0, 0])
        let value = PropertyValue(type: 4, format: 32, bytes: whole[2...])
        #expect(value.items32 == [3, 4])
    }
}
