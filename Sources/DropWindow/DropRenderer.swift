import CCairo
#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import HeroCore

/// What the window shows at one moment.
struct DropScene {
    var layout: DropLayout
    /// Device pixels per logical unit: the layout is in logical units, the surface in pixels.
    var scale: Double
    var favorites: [FavoriteRow]
    /// A drag hovers: where (window coordinates) and whether its types are acceptable.
    var hover: (x: Double, y: Double, acceptable: Bool, carriesImage: Bool)?
    var status: String
    /// The row the keyboard selected, among `favorites`.
    var selected: Int?
    /// Whether the window has the keyboard focus: the selected row then has its focus ring.
    var focused: Bool
    /// The typed filter `favorites` went through ("" for none).
    var filter: String
    /// The colours, light or dark (`Appearance`).
    var palette: Palette = .light
}

/// Draws a `DropScene` with cairo: the green "Drop here!" circle, the rows (thumbnail, name, star; the selected
/// one tinted, with a focus ring while the window has the focus), the status line. Drawing goes to a group first
/// and is painted in one go, so an Expose never flickers.
enum DropRenderer {
    static let font = "DejaVu Sans"

    static func draw(_ scene: DropScene, on cr: OpaquePointer, thumbnail: (FavoriteRow) -> OpaquePointer?) {
        let layout = scene.layout
        let palette = scene.palette
        // Everything below is in logical units; cairo turns them into pixels, so text and curves are drawn at the
        // screen's resolution rather than drawn small and enlarged.
        cairo_scale(cr, scene.scale, scene.scale)
        cairo_push_group(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_BEST)
        fill(cr, palette.background, x: 0, y: 0, width: layout.width, height: layout.height)

        drawCircle(scene, cr)
        cairo_save(cr)
        let viewport = layout.listViewport
        cairo_rectangle(cr, viewport.x, viewport.y, viewport.width, viewport.height)
        cairo_clip(cr)
        let hoveredRow = scene.hover.flatMap { $0.carriesImage && $0.acceptable ? layout.row(at: $0.x, $0.y) : nil }
        for index in layout.visibleRows {
            let row = layout.rowRect(index)
            if index == hoveredRow {
                fill(cr, palette.dropHighlight, x: row.x, y: row.y, width: row.width, height: row.height)
            } else if index == scene.selected {
                drawSelection(cr, row, palette)
            }
            drawRow(index, scene.favorites[index], layout, palette, cr, thumbnail: thumbnail)
            if index == scene.selected && scene.focused { drawFocusRing(cr, row, palette) }
        }
        if scene.favorites.isEmpty {
            let empty = scene.filter.isEmpty ? "No favorites yet: copy or drop a hero."
                : "No favorite matches \u{201C}\(scene.filter)\u{201D}."
            text(cr, empty, size: 14, x: 16, y: DropLayout.listTop + 32, color: palette.secondaryText,
                 maxWidth: layout.width - 32)
        }
        cairo_restore(cr)

        let status = layout.statusLine
        fill(cr, palette.panel, x: status.x, y: status.y, width: status.width, height: status.height)
        text(cr, scene.status, size: 13, x: 10, y: status.y + 18, color: palette.statusText)
        cairo_pop_group_to_source(cr)
        cairo_paint(cr)
        cairo_surface_flush(cairo_get_target(cr))
    }

    private static func drawCircle(_ scene: DropScene, _ cr: OpaquePointer) {
        let center = scene.layout.circleCenter
        let over = scene.hover.map { $0.acceptable && $0.y < DropLayout.dropAreaHeight } ?? false
        let acceptable = scene.hover?.acceptable ?? false
        let palette = scene.palette
        cairo_arc(cr, center.x, center.y, scene.layout.circleRadius, 0, 2 * Double.pi)
        setColor(cr, acceptable ? (over ? palette.accentOver : palette.accentHover) : palette.accent)
        cairo_fill_preserve(cr)
        if acceptable {
            cairo_set_line_width(cr, 6)
            setColor(cr, palette.accentRing)
            cairo_stroke(cr)
        } else {
            cairo_new_path(cr)
        }
        let label = "Drop here!"
        cairo_select_font_face(cr, font, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, 24)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, label, &extents)
        setColor(cr, palette.onAccent)
        cairo_move_to(cr, center.x - extents.width / 2 - extents.x_bearing, center.y + (acceptable ? 36 : 8))
        cairo_show_text(cr, label)
        if acceptable {
            cairo_set_line_width(cr, 8)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_move_to(cr, center.x - 22, center.y - 20); cairo_line_to(cr, center.x + 22, center.y - 20)
            cairo_move_to(cr, center.x, center.y - 42); cairo_line_to(cr, center.x, center.y + 2)
            cairo_stroke(cr)
        }
    }

    private static func drawRow(_ index: Int, _ favorite: FavoriteRow, _ layout: DropLayout, _ palette: Palette,
                                _ cr: OpaquePointer, thumbnail: (FavoriteRow) -> OpaquePointer?) {
        let row = layout.rowRect(index)
        setColor(cr, palette.separator)
        cairo_rectangle(cr, 64, row.y + row.height - 1, row.width - 64, 1)
        cairo_fill(cr)

        let thumb = layout.thumbnailRect(index)
        cairo_save(cr)
        roundedRect(cr, thumb.x, thumb.y, thumb.width, thumb.height, radius: 8)
        cairo_clip(cr)
        if let surface = thumbnail(favorite) {
            fill(cr, palette.thumbnailBackdrop, x: thumb.x, y: thumb.y, width: thumb.width, height: thumb.height)
            cairo_set_source_surface(cr, surface, thumb.x, thumb.y)
            cairo_paint(cr)
        } else {
            fill(cr, palette.placeholder, x: thumb.x, y: thumb.y, width: thumb.width, height: thumb.height)
            let initial = String(favorite.name.first.map { String($0).uppercased() } ?? "?")
            cairo_select_font_face(cr, font, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
            cairo_set_font_size(cr, 22)
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, initial, &extents)
            setColor(cr, palette.placeholderText)
            cairo_move_to(cr, thumb.x + (thumb.width - extents.width) / 2 - extents.x_bearing,
                          thumb.y + (thumb.height - extents.height) / 2 - extents.y_bearing)
            cairo_show_text(cr, initial)
        }
        cairo_restore(cr)

        text(cr, favorite.name, size: 16, x: 68, y: row.y + 34, color: palette.text, maxWidth: layout.width - 68 - 56)
        let star = layout.starRect(index)
        drawStar(cr, centerX: star.x + star.width / 2, centerY: star.y + star.height / 2, radius: 13, color: palette.star)
    }

    /// The selected row's tint (`palette.selection`), under its content: the shape the focus ring outlines.
    static func drawSelection(_ cr: OpaquePointer, _ row: Rect, _ palette: Palette) {
        selectionShape(cr, row)
        setColor(cr, palette.selection)
        cairo_fill(cr)
    }

    /// The focus ring around the selected row, over its content: 2 units of `palette.focus`, inset so that the
    /// list's clip leaves all of it.
    static func drawFocusRing(_ cr: OpaquePointer, _ row: Rect, _ palette: Palette) {
        selectionShape(cr, row)
        cairo_set_line_width(cr, 2)
        setColor(cr, palette.focus)
        cairo_stroke(cr)
    }

    /// The selected row's rounded rectangle, 2 units inside the row, as a path.
    private static func selectionShape(_ cr: OpaquePointer, _ row: Rect) {
        roundedRect(cr, row.x + 2, row.y + 2, row.width - 4, row.height - 4, radius: 6)
    }

    /// The seed's FavoriteButton: a filled star; clicking it removes the favorite.
    static func drawStar(_ cr: OpaquePointer, centerX: Double, centerY: Double, radius: Double,
                         color: Palette.Color = Palette.light.star) {
        for point in 0..<10 {
            let angle = -Double.pi / 2 + Double(point) * Double.pi / 5
            let r = point % 2 == 0 ? radius : radius * 0.45
            let x = centerX + r * cos(angle), y = centerY + r * sin(angle)
            if point == 0 { cairo_move_to(cr, x, y) } else { cairo_line_to(cr, x, y) }
        }
        cairo_close_path(cr)
        setColor(cr, color)
        cairo_fill(cr)
    }

    /// `string` at (x, y) in `color`, shortened with an ellipsis to `maxWidth`.
    static func text(_ cr: OpaquePointer, _ string: String, size: Double, x: Double, y: Double, color: Palette.Color,
                     maxWidth: Double = .infinity, weight: cairo_font_weight_t = CAIRO_FONT_WEIGHT_NORMAL) {
        cairo_select_font_face(cr, font, CAIRO_FONT_SLANT_NORMAL, weight)
        cairo_set_font_size(cr, size)
        var shown = string
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, shown, &extents)
        while extents.x_advance > maxWidth && shown.count > 1 {
            shown = String(shown.dropLast(2)) + "…"
            cairo_text_extents(cr, shown, &extents)
        }
        setColor(cr, color)
        cairo_move_to(cr, x, y)
        cairo_show_text(cr, shown)
    }

    static func fill(_ cr: OpaquePointer, _ r: Double, _ g: Double, _ b: Double,
                             x: Double, y: Double, width: Double, height: Double) {
        cairo_set_source_rgb(cr, r, g, b)
        cairo_rectangle(cr, x, y, width, height)
        cairo_fill(cr)
    }

    static func fill(_ cr: OpaquePointer, _ color: Palette.Color, x: Double, y: Double, width: Double, height: Double) {
        fill(cr, color.red, color.green, color.blue, x: x, y: y, width: width, height: height)
    }

    static func setColor(_ cr: OpaquePointer, _ color: Palette.Color) {
        cairo_set_source_rgb(cr, color.red, color.green, color.blue)
    }

    static func roundedRect(_ cr: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double, radius r: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + w - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(cr, x + w - r, y + h - r, r, 0, Double.pi / 2)
        cairo_arc(cr, x + r, y + h - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }
}
