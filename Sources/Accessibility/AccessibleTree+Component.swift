/// The Component interface's answers: where an object is on the screen, in the window or in its parent, and which
/// child is under a point, computed from the context's `AccessibleLayout` (window coordinates plus the window's
/// origin on the screen). Nothing can be moved or resized from here: those calls answer false.
extension AccessibleTree {
    func componentAnswer(_ call: AccessibleCall, node: AccessibleNode, context: AccessibleContext) -> AccessibleAnswer {
        let layout = context.layout
        switch call.member {
        case "GetExtents", "GetPosition", "GetSize":
            guard let type = coordinates(call, at: 0) else { return .invalidArguments(call) }
            let box = extents(of: node.id, in: type, layout: layout)
            switch call.member {
            case "GetExtents": return .reply([.structure([.int32(box.x), .int32(box.y), .int32(box.width), .int32(box.height)])])
            case "GetPosition": return .reply([.int32(box.x), .int32(box.y)])
            default: return .reply([.int32(box.width), .int32(box.height)])
            }
        case "Contains", "GetAccessibleAtPoint":
            guard let x = call.int32(0), let y = call.int32(1), let type = coordinates(call, at: 2) else {
                return .invalidArguments(call)
            }
            let point = windowPoint(x, y, from: type, of: node.id, layout: layout)
            if call.member == "Contains" { return .reply([.boolean(contains(node.id, point, layout: layout))]) }
            let child = node.children.first { contains($0.id, point, layout: layout) && $0.states.contains(.showing) }
            return .reply([context.reference(child?.id)])
        case "GetLayer":
            // AT-SPI's AtspiComponentLayer: a window is on the window layer, what is inside it on the widget layer.
            return .reply([.uint32(node.role == .frame ? 7 : 3)])
        case "GrabFocus", "SetExtents", "SetPosition", "SetSize", "ScrollTo", "ScrollToPoint":
            return .reply([.boolean(false)])
        default:
            return .unknownMethod(call)
        }
    }

    private func coordinates(_ call: AccessibleCall, at index: Int) -> AccessibleLayout.Coordinates? {
        guard index < call.arguments.count, case let .uint32(raw) = call.arguments[index].unwrapped else { return nil }
        return AccessibleLayout.Coordinates(rawValue: raw)
    }

    /// `id`'s rectangle in `type` coordinates: the layout's (window coordinates) moved by the window's origin for
    /// the screen, by its parent's corner for the parent (the screen's when the parent has no place: the
    /// application); all zero when the layout has none for it.
    func extents(of id: String, in type: AccessibleLayout.Coordinates, layout: AccessibleLayout) -> AccessibleRect {
        guard let box = layout.bounds[id] else { return .zero }
        let (dx, dy) = shift(for: id, in: type, layout: layout)
        return box.offset(-dx, -dy)
    }

    /// A point given in `type` coordinates (as asked of `id`), in window coordinates.
    private func windowPoint(_ x: Int32, _ y: Int32, from type: AccessibleLayout.Coordinates, of id: String,
                             layout: AccessibleLayout) -> (x: Int32, y: Int32) {
        let (dx, dy) = shift(for: id, in: type, layout: layout)
        return (x + dx, y + dy)
    }

    /// Where the origin of `type` coordinates (for `id`) is, in window coordinates.
    private func shift(for id: String, in type: AccessibleLayout.Coordinates, layout: AccessibleLayout) -> (Int32, Int32) {
        switch type {
        case .window: return (0, 0)
        case .parent:
            if let up = parent(of: id), let corner = layout.bounds[up] { return (corner.x, corner.y) }
            return (-layout.originX, -layout.originY)
        case .screen: return (-layout.originX, -layout.originY)
        }
    }

    /// Whether the window point is on `id`: inside its rectangle and inside each of its parents' that has one
    /// (a row scrolled out of the list is not under a point of the search field).
    private func contains(_ id: String, _ point: (x: Int32, y: Int32), layout: AccessibleLayout) -> Bool {
        guard let box = layout.bounds[id], box.contains(point.x, point.y) else { return false }
        var up = parent(of: id)
        while let outer = up {
            if let clip = layout.bounds[outer], !clip.contains(point.x, point.y) { return false }
            up = parent(of: outer)
        }
        return true
    }
}
