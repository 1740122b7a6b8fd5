import CCairo
import FoundationEssentials

/// Cairo drawing of the tray icon and its menu. The icon is the drop window's green circle with a gold star, at
/// whatever size the tray gives; paused, the circle turns grey and the star gives way to two pause bars.
enum TrayRenderer {
    /// The icon at `width`×`height`. With `alpha` the surface is cleared to transparent first; without, the caller
    /// has repainted the parent's background and the circle is drawn over it.
    static func drawIcon(on cr: OpaquePointer, width: Double, height: Double, paused: Bool, hovering: Bool, alpha: Bool) {
        if alpha {
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgba(cr, 0, 0, 0, 0)
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        }
        let side = min(width, height)
        let centerX = width / 2, centerY = height / 2, radius = max(1, side / 2 - 1)
        cairo_arc(cr, centerX, centerY, radius, 0, 2 * Double.pi)
        switch (paused, hovering) {
        case (true, _): cairo_set_source_rgb(cr, 0.55, 0.55, 0.58)
        case (false, true): cairo_set_source_rgb(cr, 0.20, 0.85, 0.35)
        case (false, false): cairo_set_source_rgb(cr, 0.16, 0.68, 0.29)
        }
        cairo_fill(cr)
        if paused {
            let barWidth = radius * 0.28, barHeight = radius * 1.0
            DropRenderer.fill(cr, 1, 1, 1, x: centerX - barWidth * 1.5, y: centerY - barHeight / 2, width: barWidth, height: barHeight)
            DropRenderer.fill(cr, 1, 1, 1, x: centerX + barWidth * 0.5, y: centerY - barHeight / 2, width: barWidth, height: barHeight)
        } else {
            DropRenderer.drawStar(cr, centerX: centerX, centerY: centerY, radius: radius * 0.72)
        }
    }

    /// The menu: a panel with a frame in `palette`'s menu colours, the selected row in the accent, one label a row.
    static func drawMenu(_ menu: TrayMenu, palette: Palette = .light, on cr: OpaquePointer) {
        DropRenderer.fill(cr, palette.menu, x: 0, y: 0, width: TrayMenu.width, height: menu.height)
        for (index, item) in menu.items.enumerated() {
            let top = menu.rowTop(index)
            let selected = menu.selected == index
            if selected {
                DropRenderer.fill(cr, palette.accent, x: 0, y: top, width: TrayMenu.width, height: TrayMenu.rowHeight)
            }
            DropRenderer.text(cr, item.label, size: 13, x: 12, y: top + TrayMenu.rowHeight / 2 + 5,
                              color: selected ? palette.onAccent : palette.menuText,
                              maxWidth: TrayMenu.width - 20)
        }
        DropRenderer.setColor(cr, palette.menuFrame)
        cairo_set_line_width(cr, 1)
        cairo_rectangle(cr, 0.5, 0.5, TrayMenu.width - 1, menu.height - 1)
        cairo_stroke(cr)
    }
}
