import CX11

/// Finds the XdndAware window under a root point for a drag source (docs/X11.md §9.3): the
/// top-level under the pointer, descended to the client window that carries `WM_STATE` (a window manager's frame
/// is not the app), its `XdndProxy` honoured only when the proxy points to itself, and the version
/// `min(5, XdndAware)`; below version 3 it is no target.
public struct XdndTargetFinder {
    private let connection: XConnection
    /// Our own windows: a drag over them has no target, so dropping a row back onto its window does nothing.
    public var excluded: Set<Window>
    private let wmState: Atom
    private let atoms: XdndAtoms

    public init(connection: XConnection, excluded: Set<Window>) {
        self.connection = connection
        self.excluded = excluded
        wmState = connection.atom("WM_STATE")
        atoms = XdndAtoms(connection: connection)
    }

    /// The target at root (x, y), or nil when no XdndAware window (of ours or anyone's) is there.
    public func target(x: Int, y: Int) -> XdndSourceMachine.Target? {
        guard let top = child(of: connection.root, x: x, y: y), !excluded.contains(top) else { return nil }
        let client = self.client(under: top, x: x, y: y) ?? top
        guard !excluded.contains(client) else { return nil }
        let proxyWindow = validProxy(of: client)
        guard let value = connection.readSmallProperty(window: proxyWindow ?? client, property: atoms.aware),
              value.type == XA_ATOM, let version = value.items32.first, version >= 3 else { return nil }
        return XdndSourceMachine.Target(window: UInt(client), proxy: proxyWindow.map { UInt($0) },
                                        version: min(Int(version), 5))
    }

    /// The mapped child of `window` containing root (x, y).
    private func child(of window: Window, x: Int, y: Int) -> Window? {
        guard let child = connection.translate(rootX: x, rootY: y, to: window)?.child else { return nil }
        return child == 0 ? nil : child
    }

    /// `top` or the first window below it, along the pointer, that has WM_STATE; nil when none has (no
    /// window manager runs, so the top-level is the client).
    private func client(under top: Window, x: Int, y: Int) -> Window? {
        var window = top
        for _ in 0..<8 { // frames nest a few levels deep; a bound keeps a hostile tree from looping us
            if connection.hasProperty(window: window, property: wmState) { return window }
            guard let next = child(of: window, x: x, y: y) else { return nil }
            window = next
        }
        return nil
    }

    /// The window's XdndProxy when that proxy's own XdndProxy names itself (the spec's guard against a stale
    /// property left by a crashed app); else nil.
    private func validProxy(of window: Window) -> Window? {
        guard let value = connection.readSmallProperty(window: window, property: atoms.proxy),
              value.type == XA_WINDOW, let first = value.items32.first, first != 0 else { return nil }
        let candidate = Window(first)
        guard let own = connection.readSmallProperty(window: candidate, property: atoms.proxy),
              own.items32.first.map(Window.init) == candidate else { return nil }
        return candidate
    }
}
