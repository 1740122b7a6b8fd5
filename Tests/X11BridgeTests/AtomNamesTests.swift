import CX11
import Testing
import TestSupport
import X11Bridge

/// Atom names looked up for lists that other clients give us (an owner's TARGETS, a drag's XdndTypeList), on a
/// private Xvfb. libX11's `XGetAtomNames` files the replies after a BadAtom one place too early and caches them
/// so: one bogus atom in a chaos client's TARGETS made every later name in that list belong to the atom before
/// it, and `XInternAtom("TARGETS")` then answered with `text/html`'s atom, so xclip sent its text for TARGETS
/// and no copy was stored again until the agent restarted.
@Suite struct AtomNamesTests {
    @Test func aBogusAtomInAListLeavesTheOtherNamesAndLaterInterningRight() throws {
        let xvfb = try XvfbServer()
        defer { xvfb.stop() }
        let other = try XConnection.open(displayName: xvfb.display, environment: [:])
        // Atoms the agent has never seen, made by another client, as an owner's TARGETS list would bring them.
        let names = ["_ATOM_NAMES_A", "_ATOM_NAMES_B", "_ATOM_NAMES_TARGETS_LIKE", "_ATOM_NAMES_C"]
        let atoms = names.map(other.atom)
        let bogus: Atom = 0x1F00_0000

        let connection = try XConnection.open(displayName: xvfb.display, environment: [:])
        let list = [atoms[0], bogus, atoms[1], atoms[2], atoms[3]]
        #expect(connection.names(of: list) == [names[0], "", names[1], names[2], names[3]])
        // Interning a name afterwards gives the server's atom for it, not a neighbour's.
        for (name, atom) in zip(names, atoms) {
            #expect(connection.atom(name) == atom, "\(name)")
        }
        #expect(connection.sync() == nil, "the BadAtom was taken care of")
    }

    @Test func namesOfAListWithoutBogusAtomsAreAllKnown() throws {
        let xvfb = try XvfbServer()
        defer { xvfb.stop() }
        let connection = try XConnection.open(displayName: xvfb.display, environment: [:])
        let names = ["UTF8_STRING", "TARGETS", "image/png", "text/html"]
        let atoms = names.map(connection.atom)
        #expect(connection.names(of: atoms + [atoms[0]]) == names + [names[0]])
    }
}
