import CCairo
import HeroCore

/// What the catalog window shows at one moment.
struct CatalogScene {
    var layout: CatalogLayout
    /// Device pixels per logical unit, as in `DropScene`.
    var scale: Double
    var heroes: [Hero]
    var query: String
    /// Names of the current favorites, marked with a star in the list.
    var favorites: Set<String>
    var focused: Bool
    /// The row the keyboard selected, among `heroes`.
    var selected: Int?
    /// The colours, light or dark (`Appearance`).
    var palette: Palette = .light
}

/// Draws a `CatalogScene` with cairo: the search field (placeholder or query, with a caret), then one row per
/// hero (name, description, a star when it is a favorite; the selected one tinted, with the focus ring while the
/// window has the focus). Like `DropRenderer`, into a group painted at once.
enum CatalogRenderer {
    static func draw(_ scene: CatalogScene, on cr: OpaquePointer) {
        let layout = scene.layout
        // Logical units from here on, as in `DropRenderer`.
        cairo_scale(cr, scene.scale, scene.scale)
        cairo_push_group(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_BEST)
        let palette = scene.palette
        DropRenderer.fill(cr, palette.background, x: 0, y: 0, width: layout.width, height: layout.height)
        drawSearch(scene, cr)

        cairo_save(cr)
        let viewport = layout.listViewport
        cairo_rectangle(cr, viewport.x, viewport.y, viewport.width, viewport.height)
        cairo_clip(cr)
        for index in layout.visibleRows {
            let row = layout.rowRect(index)
            if index == scene.selected { DropRenderer.drawSelection(cr, row, palette) }
            drawRow(scene.heroes[index], row, isFavorite: scene.favorites.contains(scene.heroes[index].name), palette, cr)
            if index == scene.selected && scene.focused { DropRenderer.drawFocusRing(cr, row, palette) }
        }
        if scene.heroes.isEmpty {
            DropRenderer.text(cr, "No hero matches \u{201C}\(scene.query)\u{201D}.", size: 14, x: 16,
                              y: viewport.y + 32, color: palette.secondaryText, maxWidth: layout.width - 32)
        }
        cairo_restore(cr)
        cairo_pop_group_to_source(cr)
        cairo_paint(cr)
        cairo_surface_flush(cairo_get_target(cr))
    }

    private static func drawSearch(_ scene: CatalogScene, _ cr: OpaquePointer) {
        let field = scene.layout.searchField
        let palette = scene.palette
        DropRenderer.fill(cr, palette.panel, x: 0, y: 0, width: scene.layout.width, height: CatalogLayout.searchHeight)
        DropRenderer.roundedRect(cr, field.x, field.y, field.width, field.height, radius: 6)
        DropRenderer.setColor(cr, palette.field)
        cairo_fill_preserve(cr)
        cairo_set_line_width(cr, 1.5)
        DropRenderer.setColor(cr, scene.focused ? palette.focus : palette.fieldFrame)
        cairo_stroke(cr)
        let baseline = field.y + field.height / 2 + 5
        if scene.query.isEmpty {
            DropRenderer.text(cr, "Type to filter the catalog…", size: 14, x: field.x + 10, y: baseline, color: palette.hintText,
                              maxWidth: field.width - 20)
        } else {
            DropRenderer.text(cr, scene.query, size: 14, x: field.x + 10, y: baseline, color: palette.text,
                              maxWidth: field.width - 20)
        }
        guard scene.focused else { return }
        // The caret after the query: where typing goes.
        var extents = cairo_text_extents_t()
        cairo_select_font_face(cr, DropRenderer.font, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 14)
        cairo_text_extents(cr, scene.query, &extents)
        let caretX = min(field.x + 10 + extents.x_advance + 1, field.x + field.width - 8)
        DropRenderer.fill(cr, palette.text, x: caretX, y: field.y + 8, width: 1.5, height: field.height - 16)
    }

    private static func drawRow(_ hero: Hero, _ row: Rect, isFavorite: Bool, _ palette: Palette, _ cr: OpaquePointer) {
        DropRenderer.setColor(cr, palette.separator)
        cairo_rectangle(cr, 12, row.y + row.height - 1, row.width - 24, 1)
        cairo_fill(cr)
        let textWidth = row.width - 24 - (isFavorite ? 28 : 0)
        DropRenderer.text(cr, hero.name, size: 15, x: 12, y: row.y + 19, color: palette.text, maxWidth: textWidth, weight: CAIRO_FONT_WEIGHT_BOLD)
        let description = hero.description.isEmpty ? "No description" : hero.description
        DropRenderer.text(cr, description.split(whereSeparator: \.isNewline).first.map(String.init) ?? description,
                          size: 12, x: 12, y: row.y + 36, color: palette.secondaryText, maxWidth: textWidth)
        if isFavorite {
            DropRenderer.drawStar(cr, centerX: row.width - 24, centerY: row.y + row.height / 2, radius: 9, color: palette.star)
        }
    }
}
