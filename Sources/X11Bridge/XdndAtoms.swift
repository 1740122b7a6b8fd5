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

    /// Interns the set on `connection`: one round trip for all of them the first time on that connection, then
    /// cached.
    init(connection: XConnection) {
        let atoms = connection.atoms(named: ["XdndEnter", "XdndPosition", "XdndStatus", "XdndLeave", "XdndDrop", "XdndFinished",
                                            "XdndTypeList", "XdndActionCopy", "XdndAware", "XdndProxy"])
        (enter, position, status, leave, drop, finished) = (atoms[0], atoms[1], atoms[2], atoms[3], atoms[4], atoms[5])
        (typeList, actionCopy, aware, proxy) = (atoms[6], atoms[7], atoms[8], atoms[9])
    }
}
