import CCairo
import HeroCore
import X11Bridge

/// The small card that follows the pointer while a hero is dragged out: its thumbnail (or its initial) and its
/// name. An override-redirect window with an empty input region, so it is never what the pointer is over nor the
/// drop target (the agent also excludes it from the target search). Translucent with rounded corners when a
/// compositor runs (an ARGB visual); otherwise cut to the same rounded card with a SHAPE mask, since an ARGB
/// window's transparent pixels show black without a compositor. It decodes nothing: the thumbnail is the surface
/// the drop window already has.
public final class DragImageView {
    public let window: Window
    private let connection: XConnection
    private let popup: XConnection.Popup
    private let layout: DragImageLayout
    private let name: String
    private let thumbnail: OpaquePointer?
    private let palette: Palette
    /// Nil only once `deinit` has let it go: the surface goes before the window does, since the server frees a
    /// window's Render pictures with the window, and cairo freeing them afterwards would leave a BadPicture for the
    /// connection's next `sync` to report.
    private var surface: CairoWindowSurface?
    private var isShown = false

    /// A card for `name` with `thumbnail` (a cairo surface of the drop window's cache, referenced here while the
    /// card lives), drawn at the display's `scale` and in the `palette` of the window it leaves, not yet shown.
    public init(connection: XConnection, name: String, thumbnail: OpaquePointer?, scale: DisplayScale = .one,
                palette: Palette = .light) {
        self.connection = connection
        self.palette = palette
        self.name = name
        self.thumbnail = thumbnail.map { cairo_surface_reference($0) }
        layout = DragImageLayout(nameWidth: Self.measure(name), factor: scale.factor)
        popup = connection.createPopup(x: -layout.pixelWidth, y: -layout.pixelHeight, width: layout.pixelWidth,
                                       height: layout.pixelHeight, translucent: connection.hasCompositor, clickThrough: true,
                                       eventMask: .exposure)
        window = popup.window
        connection.setClass(instance: "herobridge-drag", className: "HeroBridge", of: window)
        connection.setWindowType(.dnd, of: window)
        surface = CairoWindowSurface(connection: connection, popup: popup, width: layout.pixelWidth,
                                     height: layout.pixelHeight)
        if !popup.isTranslucent { cutShape() }
    }

    deinit {
        surface = nil
        if let thumbnail { cairo_surface_destroy(thumbnail) }
        connection.destroyPopup(popup)
        connection.flush()
    }

    /// Moves the card beside the pointer at root (x, y), showing it the first time.
    public func follow(pointerX x: Int, y: Int) {
        let origin = layout.origin(pointerX: x, y: y, screen: connection.screenSize)
        connection.move(window, x: origin.x, y: origin.y)
        if !isShown {
            isShown = true
            connection.mapRaised(window)
            draw()
        }
        connection.flush()
    }

    /// Redraws after an Expose; true when the event was for this window.
    public func handle(_ event: X11Event) -> Bool {
        guard case let .expose(exposed, count) = event.kind, exposed == window else { return false }
        if count == 0 { draw() }
        return true
    }

    private func draw() {
        guard let surface = surface?.pointer else { return }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_BEST)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, 0, 0, 0, 0)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_scale(cr, layout.factor, layout.factor)
        let width = layout.width, height = DragImageLayout.height
        DropRenderer.roundedRect(cr, 0.5, 0.5, width - 1, height - 1, radius: DragImageLayout.cornerRadius)
        let card = palette.card
        cairo_set_source_rgba(cr, card.red, card.green, card.blue, popup.isTranslucent ? 0.92 : 1)
        cairo_fill_preserve(cr)
        DropRenderer.setColor(cr, palette.cardFrame)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
        let (tx, ty) = layout.thumbnailOrigin
        let side = DragImageLayout.thumbnailSize
        if let thumbnail {
            let scale = side / Double(cairo_image_surface_get_width(thumbnail))
            cairo_save(cr)
            cairo_translate(cr, tx, ty)
            cairo_scale(cr, scale, scale)
            cairo_set_source_surface(cr, thumbnail, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            cairo_restore(cr)
        } else {
            // No portrait: the name's initial in the drop window's green.
            cairo_arc(cr, tx + side / 2, ty + side / 2, side / 2, 0, 2 * Double.pi)
            DropRenderer.setColor(cr, palette.accent)
            cairo_fill(cr)
            let initial = name.first.map { String($0).uppercased() } ?? "?"
            DropRenderer.text(cr, initial, size: 20, x: tx + side / 2 - 7, y: ty + side / 2 + 7, color: palette.onAccent,
                              weight: CAIRO_FONT_WEIGHT_BOLD)
        }
        let (nx, ny) = layout.textOrigin
        DropRenderer.text(cr, name, size: DragImageLayout.fontSize, x: nx, y: ny, color: palette.text,
                          maxWidth: DragImageLayout.maxNameWidth, weight: CAIRO_FONT_WEIGHT_BOLD)
        cairo_surface_flush(surface)
    }

    /// The window shows only the rounded card: a 1-bit mask drawn with cairo, set as its bounding shape.
    private func cutShape() {
        connection.cutShape(of: window, width: layout.pixelWidth, height: layout.pixelHeight) { [layout] bitmap in
            let cr = cairo_create(bitmap)!
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
            cairo_scale(cr, layout.factor, layout.factor)
            DropRenderer.roundedRect(cr, 0, 0, layout.width, DragImageLayout.height, radius: DragImageLayout.cornerRadius)
            cairo_set_source_rgba(cr, 0, 0, 0, 1)
            cairo_fill(cr)
            cairo_destroy(cr)
        }
    }

    /// The name's width in the card's font, as drawn (before any ellipsis).
    private static func measure(_ name: String) -> Double {
        let scratch = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)!
        defer { cairo_surface_destroy(scratch) }
        let cr = cairo_create(scratch)!
        defer { cairo_destroy(cr) }
        cairo_select_font_face(cr, DropRenderer.font, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, DragImageLayout.fontSize)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, name, &extents)
        return extents.x_advance
    }
}
