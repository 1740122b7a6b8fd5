import DropWindow
import Testing

/// Where the drag image goes beside the pointer, with no X server.
@Suite struct DragImageLayoutTests {
    let screen = (width: 1000, height: 800)

    @Test func theCardGrowsWithTheNameUpToItsLimit() {
        let short = DragImageLayout(nameWidth: 30), long = DragImageLayout(nameWidth: 900)
        #expect(short.pixelWidth == Int(3 * DragImageLayout.padding + DragImageLayout.thumbnailSize + 30))
        #expect(long.pixelWidth == Int(3 * DragImageLayout.padding + DragImageLayout.thumbnailSize + DragImageLayout.maxNameWidth))
        #expect(DragImageLayout(nameWidth: -5).pixelWidth == Int(3 * DragImageLayout.padding + DragImageLayout.thumbnailSize))
    }

    @Test func itSitsBelowAndRightOfThePointer() {
        let layout = DragImageLayout(nameWidth: 60)
        let origin = layout.origin(pointerX: 100, y: 200, screen: screen)
        #expect(origin.x == 100 + DragImageLayout.offset && origin.y == 200 + DragImageLayout.offset)
    }

    @Test func itFlipsLeftAndUpAtTheScreensEdges() {
        let layout = DragImageLayout(nameWidth: 60)
        let origin = layout.origin(pointerX: 990, y: 790, screen: screen)
        #expect(origin.x == 990 - DragImageLayout.offset - layout.pixelWidth)
        #expect(origin.y == 790 - DragImageLayout.offset - layout.pixelHeight)
        // Never covering the pointer, never off the screen's left or top edge where flipping would not help.
        let tiny = layout.origin(pointerX: 10, y: 10, screen: (width: 50, height: 40))
        #expect(tiny.x == 10 + DragImageLayout.offset && tiny.y == 10 + DragImageLayout.offset)
    }

    @Test func atTwiceTheScaleEverySizeAndTheOffsetAreTwiceThePixels() {
        let one = DragImageLayout(nameWidth: 60), two = DragImageLayout(nameWidth: 60, factor: 2)
        #expect(two.pixelWidth == 2 * one.pixelWidth && two.pixelHeight == 2 * one.pixelHeight)
        #expect(two.pixelOffset == 2 * DragImageLayout.offset)
        let origin = two.origin(pointerX: 100, y: 200, screen: screen)
        #expect(origin.x == 100 + 2 * DragImageLayout.offset && origin.y == 200 + 2 * DragImageLayout.offset)
    }
}
