// X's numbers for its resources and its clock, under X11Bridge's own names: the modules above it (DropWindow,
// HeroAgent) name windows, atoms, times and keysyms without importing CX11, and X11Bridge stays the one module
// that sees Xlib (docs/ARCHITECTURE.md rule 6). Each is the same `UInt` as Xlib's typedef of that name, so a
// value passes between the two without a conversion; inside X11Bridge these declarations shadow CX11's.

/// A window's XID.
public typealias Window = UInt

/// An interned name (`XConnection.atom`).
public typealias Atom = UInt

/// A server timestamp in milliseconds, as events carry it; `XConnection.currentTime` is the protocol's "now".
public typealias Time = UInt

/// A key's symbol in the user's keyboard layout (keysymdef.h's values: Escape is 0xff1b), as opposed to the
/// keycode, which names a physical key.
public typealias KeySym = UInt
