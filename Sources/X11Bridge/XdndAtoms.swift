import CX11

/// The XDND atoms, interned in one place for both sides of a drag (`XdndSource` and `XdndTargetFinder` as the
/// source, `XdndTarget` as the drop window): a message type one side sends is the one the other matches.
struct XdndAtoms {
    let enter: Atom, position: Atom, status: Atom, leave: Atom, drop: Atom, finished: Atom
    /// The source window's list of offered types, when it offers more than three.
    let typeList: Atom
    /// The only action HeroBridge offers or accepts.
    let actionCopy: Atom
    /// The property that marks a window a target, holding its version.
    let aware: Atom
    /// The property that sends a window's messages to another window.
    let proxy: Atom

    /// Interns the set on `connection` (each atom one round trip the first time on that connection, then cached).
    init(connection: XConnection) {
        enter = connection.atom("XdndEnter")
        position = connection.atom("XdndPosition")
        status = connection.atom("XdndStatus")
        leave = connection.atom("XdndLeave")
        drop = connection.atom("XdndDrop")
        finished = connection.atom("XdndFinished")
        typeList = connection.atom("XdndTypeList")
        actionCopy = connection.atom("XdndActionCopy")
        aware = connection.atom("XdndAware")
        proxy = connection.atom("XdndProxy")
    }
}
